import { z } from "zod";
import { listOf, ZDate, ZErrorBody, ZHour, ZId, ZLatitude, ZLimit, ZLongitude, ZSkip } from "./common";
import { defineRoute } from "./route-def";
import { ZBarber, ZNextFreeTime, ZProduct, ZReview, ZService, ZShop, ZShopCard } from "./shops";

import {
  CATEGORIES,
  DEFAULT_LOCATION_DISTANCE_KM,
  DEFAULT_NAME_DISTANCE_KM,
  MAX_DISTANCE_KM,
  PERIODS,
  SORTS,
  type TCategory,
  type TPeriod,
  type TSort,
  TOTAL_CAP,
} from "./search-constants";

// Query strings carry "" for an emptied field: treat it as absent.
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

// z.coerce turns "" into 0, a real place in the ocean: an empty coordinate is a missing one.
const ZLat = z.preprocess(blankToUndefined, ZLatitude);
const ZLng = z.preprocess(blankToUndefined, ZLongitude);
const ZDistance = z.coerce.number().positive().max(MAX_DISTANCE_KM);
const ZPrice = z.coerce.number().min(0).max(100_000);

const listFilters = {
  sort: optional(z.enum(SORTS)).transform((v) => v ?? "distance"),
  skip: ZSkip,
  limit: ZLimit,
  min_price: optional(ZPrice),
  max_price: optional(ZPrice),
  period: optional(z.enum(PERIODS)),
  /** Only shops offering an active service of this category. */
  category: optional(z.enum(CATEGORIES)),
  /** Accepted for compatibility; the bearer token decides `is_favorite`. */
  client_id: optional(z.string().max(20)),
};

/**
 * "When": only shops with a free time on `date` (shop-local; default today and tomorrow) at or after
 * `after` and starting before `before`, for a service of `category`; sort=earliest orders by it.
 */
const whenFilters = {
  date: optional(ZDate).meta({ description: "shop-local date, today up to 31 days ahead" }),
  after: optional(ZHour).meta({ description: "shop-local HH:MM: free times at or after it", example: "18:00" }),
  before: optional(ZHour).meta({ description: "shop-local HH:MM: free times starting before it" }),
  free_times: optional(z.coerce.number().int().min(0).max(3)).meta({
    description: "how many next free times each card carries (0 to 3; default 0, or 3 with date, after, before or sort=earliest)",
  }),
};

const checkPriceRange = (q: { min_price?: number; max_price?: number }, ctx: z.RefinementCtx) => {
  if (q.min_price != null && q.max_price != null && q.min_price > q.max_price) {
    ctx.addIssue({ code: "custom", path: ["max_price"], message: "invalid_value" });
  }
};

export const ZLocationListQuery = z
  .object({
    latitude: ZLat,
    longitude: ZLng,
    distance: optional(ZDistance).transform((v) => v ?? DEFAULT_LOCATION_DISTANCE_KM),
    ...listFilters,
    ...whenFilters,
  })
  .superRefine(checkPriceRange);
export type TLocationListQuery = z.output<typeof ZLocationListQuery>;

export const ZLocationSearchQuery = z
  .object({
    latitude: ZLat,
    longitude: ZLng,
    distance: optional(ZDistance).transform((v) => v ?? DEFAULT_LOCATION_DISTANCE_KM),
    name: optional(z.string().trim().max(100)),
    ...listFilters,
    ...whenFilters,
  })
  .superRefine(checkPriceRange);

export const ZNameListQuery = z
  .object({
    name: z.string().trim().min(1).max(100),
    latitude: optional(ZLatitude),
    longitude: optional(ZLongitude),
    distance: optional(ZDistance).transform((v) => v ?? DEFAULT_NAME_DISTANCE_KM),
    ...listFilters,
  })
  .superRefine(checkPriceRange)
  .superRefine((q, ctx) => {
    if ((q.latitude == null) !== (q.longitude == null)) {
      ctx.addIssue({ code: "custom", path: [q.latitude == null ? "latitude" : "longitude"], message: "required" });
    }
  });

/** What the list service takes, whichever route called it. */
export type TShopSearch = {
  latitude?: number;
  longitude?: number;
  /** km; ignored without a position. */
  distance: number;
  name?: string;
  sort: TSort;
  skip: number;
  limit: number;
  min_price?: number;
  max_price?: number;
  period?: TPeriod;
  category?: TCategory;
  date?: string;
  after?: string;
  before?: string;
  /** Next free times per card (0: none, the plain list's cost). */
  free_times?: number;
};

export const ZShopCardList = listOf(ZShopCard);
export type TShopCardList = z.infer<typeof ZShopCardList>;

export const ZSlugQuery = z.object({ slug: z.string().trim().min(1).max(200), client_id: optional(z.string().max(20)) });
export const ZShopAnswer = z.object({ barbershop: ZShop });

export const ZShopIdParams = z.object({ barbershop_id: ZId });
export const ZNextFreeTimeList = z.object({ items: z.array(ZNextFreeTime) });
export type TNextFreeTimeList = z.infer<typeof ZNextFreeTimeList>;
export const ZShopBarberParams = z.object({ barbershop_id: ZId, barber_id: ZId });

export const ZShopDataQuery = z.object({
  latitude: optional(ZLatitude),
  longitude: optional(ZLongitude),
  client_id: optional(z.string().max(20)),
});
export const ZShopData = z.object({
  barbershop: ZShop,
  barbers: z.array(ZBarber),
  services: z.array(ZService),
  products: z.array(ZProduct),
  agenda_time_interval: z.number().int(),
});
export type TShopData = z.infer<typeof ZShopData>;

export const ZPageQuery = z.object({ skip: ZSkip, limit: ZLimit });

export const ZRatingDistribution = z.object({
  "1": z.number().int(),
  "2": z.number().int(),
  "3": z.number().int(),
  "4": z.number().int(),
  "5": z.number().int(),
});
export const ZReviewList = listOf(ZReview).extend({
  rating_avg: z.number(),
  rating_count: z.number().int(),
  distribution: ZRatingDistribution,
});
export type TReviewList = z.infer<typeof ZReviewList>;

export const ZBarberList = listOf(ZBarber);
export const ZServiceList = listOf(ZService);
export type TServiceList = z.infer<typeof ZServiceList>;

export const ZServicesQuery = z.object({
  all_services: optional(z.enum(["true", "false"])).transform((v) => v === "true"),
  skip: ZSkip,
  limit: ZLimit,
});

export const ZPlaceQuery = z.object({
  q: z.string().trim().min(2).max(80),
  limit: z.coerce.number().int().min(1).max(20).default(8),
  /** Also up to this many shops whose name, neighbourhood, street or city matches (0: none). */
  shops: z.coerce.number().int().min(0).max(10).default(0),
});
export const ZPlace = z.object({
  id: z.number().int(),
  kind: z.enum(["city", "neighborhood"]),
  name: z.string(),
  city: z.string(),
  city_slug: z.string(),
  state: z.string(),
  /** "Pinheiros, São Paulo - SP": what the search box shows and saves. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type TPlace = z.infer<typeof ZPlace>;
/** A shop the search box suggests: enough to name it and open its page. */
export const ZShopSuggestion = ZShopCard.pick({ id: true, slug: true, name: true, address: true, neighborhood: true, city: true, state: true });
export type TShopSuggestion = z.infer<typeof ZShopSuggestion>;
export const ZPlaceList = z.object({ items: z.array(ZPlace), shops: z.array(ZShopSuggestion) });

const listQueryNote = `distance in km (max ${MAX_DISTANCE_KM}); total counts matches up to ${TOTAL_CAP}`;

export const searchRoutes = [
  defineRoute({
    method: "get",
    path: "/client/barbershops-with-location-home",
    summary: `Shops near a point, nearest first by default (${listQueryNote})`,
    tag: "search",
    auth: "optional",
    query: ZLocationListQuery,
    responses: { 200: ZShopCardList, 400: ZErrorBody, 401: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/client/barbershops-with-location-search",
    summary: `Shops near a point, optionally matching a name (${listQueryNote})`,
    tag: "search",
    auth: "optional",
    query: ZLocationSearchQuery,
    responses: { 200: ZShopCardList, 400: ZErrorBody, 401: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/client/barbershops-by-name",
    summary: `Shops whose name matches; within distance of the point when one is given (${listQueryNote})`,
    tag: "search",
    auth: "optional",
    query: ZNameListQuery,
    responses: { 200: ZShopCardList, 400: ZErrorBody, 401: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/client/barbershop-by-slug",
    summary: "A shop by its slug",
    description: "A slug the shop had before it was renamed answers the shop too: its `slug` is the one it has now (use it for new links).",
    tag: "search",
    auth: "optional",
    query: ZSlugQuery,
    responses: { 200: ZShopAnswer, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/client/barbershop-data/{barbershop_id}",
    summary: "A shop with its barbers, services and products",
    tag: "search",
    auth: "optional",
    params: ZShopIdParams,
    query: ZShopDataQuery,
    responses: { 200: ZShopData, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/client/barbershop/{barbershop_id}/reviews",
    summary: "A shop's reviews, newest first, with the average and the distribution of ratings",
    tag: "search",
    params: ZShopIdParams,
    query: ZPageQuery,
    responses: { 200: ZReviewList, 400: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/barbershop/{barbershop_id}/next-free-times",
    summary:
      "A shop's next free times (today and tomorrow where the shop is, up to 3), for its most booked haircut (then the shortest), or its most booked service when it has no haircut",
    description:
      "What the shop page shows under its name: each opens the booking with that service, barber (null: any) and time. The shop page itself is cached; these are read when it opens. An empty list: nothing free today or tomorrow.",
    tag: "search",
    params: ZShopIdParams,
    responses: { 200: ZNextFreeTimeList, 400: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/barbershop/team/barbers/{barbershop_id}",
    summary: "The active barbers of a shop",
    tag: "search",
    params: ZShopIdParams,
    query: ZPageQuery,
    responses: { 200: ZBarberList, 400: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/barbershop/services/{barbershop_id}",
    summary: "A shop's services (only those bookable online unless all_services=true)",
    description:
      "As templates, this path and `/barbershop/{barbershop_id}/next-free-times` both match `/barbershop/services/next-free-times`; a shop id is a whole number, so no address is both: that one is this route's, and answers 400.",
    tag: "search",
    params: ZShopIdParams,
    query: ZServicesQuery,
    responses: { 200: ZServiceList, 400: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/barbershop/{barbershop_id}/barber/{barber_id}/services",
    summary: "The services a barber performs",
    tag: "search",
    params: ZShopBarberParams,
    query: ZPageQuery,
    responses: { 200: ZServiceList, 400: ZErrorBody, 404: ZErrorBody },
  }),
  defineRoute({
    method: "get",
    path: "/places",
    summary:
      "Cities and neighbourhoods matching typed text, and with `shops` the shops whose name, neighbourhood, street or city matches (accents and a typo tolerated), for the search box",
    tag: "search",
    query: ZPlaceQuery,
    responses: { 200: ZPlaceList, 400: ZErrorBody },
  }),
];
