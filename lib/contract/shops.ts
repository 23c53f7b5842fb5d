import { z } from "zod";
import { ZHour, ZMoney } from "./common";

export const ZShopCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Null when the request gave no position. */
  distance_km: z.number().nullable(),
  rating_avg: z.number(),
  rating_count: z.number().int(),
  price_from: ZMoney.nullable(),
  price_to: ZMoney.nullable(),
  is_open_now: z.boolean(),
  /** Created in the last 30 days. */
  is_new: z.boolean(),
  is_favorite: z.boolean(),
  cover_url: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type TShopCard = z.infer<typeof ZShopCard>;

export const ZOpeningHours = z.object({ weekday: z.number().int().min(0).max(6), opens: ZHour, closes: ZHour });

export const ZShop = ZShopCard.extend({
  description: z.string(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  instagram: z.string().nullable(),
  timezone: z.string(),
  opening_hours: z.array(ZOpeningHours),
  amenities: z.array(z.string()),
  photos: z.array(z.string()),
});
export type TShop = z.infer<typeof ZShop>;

export const ZBarber = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  rating_avg: z.number(),
  rating_count: z.number().int(),
  bio: z.string(),
});
export type TBarber = z.infer<typeof ZBarber>;

export const ZService = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: ZMoney,
  duration_minutes: z.number().int(),
  category: z.string(),
});
export type TService = z.infer<typeof ZService>;

export const ZProduct = z.object({ id: z.number().int(), name: z.string(), price: ZMoney });
export type TProduct = z.infer<typeof ZProduct>;

export const ZReview = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  client_name: z.string(),
  created_at: z.string(),
  barber_id: z.number().int(),
});
export type TReview = z.infer<typeof ZReview>;
