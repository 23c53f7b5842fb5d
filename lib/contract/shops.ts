import { z } from "zod";
import { ZHour, ZMoney } from "./common";

/** A free time on a list's card: booking it opens the flow with shop, service, date, time and barber chosen. */
export const ZNextFreeTime = z.object({
  /** ISO 8601 with the shop's offset. */
  starts_at: z.string(),
  /** The barber free then, or null when several are ("any barber"). */
  barber_id: z.number().int().nullable(),
  /** The service the time was found for: the shop's most booked haircut (then the shortest), or with a category asked for its most booked service of that category; a shop with no haircut, its most booked service. */
  service_id: z.number().int(),
  /** That service's name, as the shop wrote it ("Corte masculino"): a card says what its times are for. */
  service_name: z.string(),
});
export type TNextFreeTime = z.infer<typeof ZNextFreeTime>;

export const ZOpensNext = z.object({ in_days: z.number().int().min(0).max(7), weekday: z.number().int().min(0).max(6), time: ZHour });
export type TOpensNext = z.infer<typeof ZOpensNext>;

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
  /**
   * While the shop is closed, its next opening within a week, on its own clock: `in_days` 0 is later today, 1
   * tomorrow (7: the same weekday next week); `weekday` 0 = Sunday. Null while it is open, or with no hours.
   */
  opens_next: ZOpensNext.nullable(),
  /** Created in the last 30 days. */
  is_new: z.boolean(),
  is_favorite: z.boolean(),
  cover_url: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Lists near a position only: up to 3 next free times (today and tomorrow, or in the asked window). */
  next_free_times: z.array(ZNextFreeTime).optional(),
});
export type TShopCard = z.infer<typeof ZShopCard>;

export const ZOpeningHours = z.object({ weekday: z.number().int().min(0).max(6), opens: ZHour, closes: ZHour });

export const ZShop = ZShopCard.extend({
  /** In Portuguese, as the shop wrote it. */
  description: z.string(),
  /** The same in English and Spanish, where the shop wrote them: the page shows the reader's language's. */
  description_translations: z.object({ en: z.string(), es: z.string() }).partial().optional(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  instagram: z.string().nullable(),
  timezone: z.string(),
  /** The CEP, e.g. "05423-000" ("" when unknown). */
  postal_code: z.string(),
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
  comment_lang: z
    .enum(["pt-BR", "en", "es"])
    .nullable()
    .meta({ description: "the comment's language, for the lang attribute of what shows it (null: no comment, or it cannot be told)" }),
  client_name: z.string(),
  created_at: z.string(),
  barber_id: z.number().int(),
  answer: z
    .object({ text: z.string(), at: z.string().meta({ description: "when the shop answered, ISO 8601" }) })
    .nullable()
    .meta({ description: "the shop's public answer, null until it answers" }),
});
export type TReview = z.infer<typeof ZReview>;
