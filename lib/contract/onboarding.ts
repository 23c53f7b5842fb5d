import { z } from "zod";
import { phoneToE164, ZErrorBody, ZFreeText, ZHour, ZLatitude, ZLongitude, ZPhoneBr } from "./common";
import { refineWeek, repeatedNames, ZServiceCategory, ZServiceDuration, ZServiceName, ZServicePrice } from "./shop-rules";
import { defineRoute } from "./route-def";
import { ZStaffShopAnswer, ZStaffShopParams } from "./staff";

// A shop from nothing to published (docs/decisions/0048-shop-onboarding.md): the owner's wizard at /painel/nova and
// the page editor at /painel/{id}/pagina. A shop is created unpublished; it is listed, searched, in the sitemap and
// bookable only once published, and published only with what a client needs.

export const AMENITIES = ["wifi", "parking", "air_conditioning", "card", "pix", "accessibility", "coffee", "beer", "kids", "tv", "games"] as const;
export const ZAmenity = z.enum(AMENITIES);

export const ZCep = z
  .string()
  .trim()
  .transform((s) => s.replace(/\D/g, ""))
  .pipe(z.string().regex(/^\d{8}$/, "invalid_format"))
  .meta({ description: "eight digits, with or without the dash", example: "01414-001" });
export const ZCepParams = z.object({ cep: ZCep });
export const ZCepAnswer = z.object({
  zip_code: z.string().meta({ example: "01414-001" }),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string().length(2),
});
export type TCepAnswer = z.infer<typeof ZCepAnswer>;

export const ZGeocodeQuery = z.object({
  q: ZFreeText().min(3).max(200).meta({ description: "street and number, neighbourhood, city and state" }),
});
export const ZGeocodeAnswer = z.object({
  items: z.array(z.object({ latitude: z.number(), longitude: z.number(), label: z.string() })).meta({
    description: "best first; empty when the address was not found (the owner places the pin by hand)",
  }),
});
export type TGeocodeAnswer = z.infer<typeof ZGeocodeAnswer>;

const ZName = ZFreeText().min(2).max(80);
const ZState = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "invalid_format");
const ZAddress = z.object({
  zip_code: ZCep,
  street: ZFreeText().min(2).max(120),
  number: ZFreeText().min(1).max(20),
  complement: ZFreeText().max(60).optional(),
  neighborhood: ZFreeText().min(2).max(80),
  city: ZFreeText().min(2).max(80),
  state: ZState,
  latitude: ZLatitude,
  longitude: ZLongitude,
});

export const ZCreateShop = ZAddress.extend({ name: ZName });
export type TCreateShop = z.input<typeof ZCreateShop>;

const ZOptionalPhone = z
  .union([ZPhoneBr, z.literal("")])
  .refine((v) => v === "" || phoneToE164(v) !== null, "INVALID_PHONE")
  .meta({ description: 'a Brazilian phone as typed; "" removes it' });
const ZDescription = ZFreeText({ multiline: true }).max(1200);

export const ZShopProfilePatch = z
  .object({
    name: ZName,
    address: ZAddress,
    phone: ZOptionalPhone,
    whatsapp: ZOptionalPhone,
    instagram: z.union([
      z
        .string()
        .trim()
        .regex(/^@?[A-Za-z0-9._]{1,30}$/, "invalid_format"),
      z.literal(""),
    ]),
    description: ZDescription.meta({ description: "in Portuguese" }),
    description_en: ZDescription,
    description_es: ZDescription,
    amenities: z.array(ZAmenity).max(AMENITIES.length),
    photos: z.array(z.string()).max(12).meta({ description: "the shop's photos in order, the first its cover: only photos it has, to reorder or remove them" }),
  })
  .partial();
export type TShopProfilePatch = z.input<typeof ZShopProfilePatch>;

export const ZShopProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  zip_code: z.string(),
  address: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  instagram: z.string().nullable(),
  description: z.string(),
  description_en: z.string(),
  description_es: z.string(),
  amenities: z.array(z.string()),
  photos: z.array(z.string()),
  cover_url: z.string().nullable(),
  is_active: z.boolean(),
});
export type TShopProfile = z.infer<typeof ZShopProfile>;
export const ZShopProfileAnswer = z.object({ profile: ZShopProfile });
export type TShopProfileAnswer = z.infer<typeof ZShopProfileAnswer>;

export const PUBLISH_NEEDS = ["address", "hours", "barber_service"] as const;
export const ZPublication = z.object({
  published: z.boolean(),
  missing: z.array(z.enum(PUBLISH_NEEDS)).meta({ description: "what the shop lacks before it can be published; empty when ready" }),
  counts: z.object({ hours: z.number().int(), services: z.number().int(), barbers: z.number().int(), photos: z.number().int() }),
});
export type TPublication = z.infer<typeof ZPublication>;

export const ZSetupHour = z.object({ weekday: z.number().int().min(0).max(6), opens: ZHour, closes: ZHour });
export const ZSetupService = z.object({
  name: ZServiceName,
  duration_minutes: ZServiceDuration,
  price: ZServicePrice,
  category: ZServiceCategory.default("hair"),
});

export const ZShopSetup = z
  .object({
    hours: z.array(ZSetupHour).max(21).meta({ description: "the week's opening hours (weekday 0 = Sunday); none on a day: closed" }),
    services: z.array(ZSetupService).min(1).max(30).meta({ description: "the services; the shop's barbers do all of them" }),
    owner_is_barber: z.boolean().default(true).meta({
      description:
        "the owner also cuts hair: a barber column on the agenda, doing every service (true when left out); false: no barber column for him, and the shop needs an invited barber before it is published",
    }),
  })
  .superRefine((v, ctx) => {
    // The shop's hours page and the barbers' time check with the same rules (lib/contract/shop-rules.ts).
    refineWeek(
      ctx,
      "hours",
      v.hours,
      (h) => h.opens,
      (h) => h.closes,
    );
    for (const i of repeatedNames(v.services.map((s) => s.name)))
      ctx.addIssue({ code: "custom", path: ["services", i, "name"], message: "SERVICE_NAME_TWICE" });
  });
export type TShopSetup = z.input<typeof ZShopSetup>;
export const ZShopSetupAnswer = z.object({ publication: ZPublication });

/** The wizard's defaults: Monday to Saturday 09:00–19:00, and common services with typical durations and prices. */
export const DEFAULT_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: "09:00", closes: "19:00" }));
export const COMMON_SERVICES = [
  { key: "haircut", duration_minutes: 30, price: "45.00", category: "hair" },
  { key: "beard", duration_minutes: 30, price: "35.00", category: "beard" },
  { key: "combo", duration_minutes: 60, price: "70.00", category: "combo" },
  { key: "machine", duration_minutes: 20, price: "30.00", category: "hair" },
  { key: "eyebrows", duration_minutes: 10, price: "15.00", category: "care" },
  { key: "kids", duration_minutes: 30, price: "40.00", category: "hair" },
] as const;

/** The map's tiles where MAP_TILE_URL and MAP_TILE_ATTRIBUTION are not set (lib/server/env.ts checks them at start). */
export const DEFAULT_MAP_TILES = { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" };
/** The tile server this process is configured with (read at each request: pages that show a map are dynamic). */
export const configuredMapTiles = () => ({
  url: process.env.MAP_TILE_URL || DEFAULT_MAP_TILES.url,
  attribution: process.env.MAP_TILE_ATTRIBUTION || DEFAULT_MAP_TILES.attribution,
});

export const ZPhotoAnswer = z.object({ photos: z.array(z.string()), cover_url: z.string().nullable() });

const err = ZErrorBody;
const tag = "staff";
const refused = "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this.";
const addressRules =
  "422 PIN_FAR_FROM_CITY when the pin lies more than 50 km from the city typed; 409 SHOP_NAME_TAKEN when a shop of that name is in the city already.";

export const onboardingRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/cep/{cep}",
    summary: "The street, neighbourhood, city and state of a CEP",
    description: "404 CEP_NOT_FOUND for a CEP the lookup does not know; 503 when the lookup cannot be reached.",
    tag,
    auth: "required",
    params: ZCepParams,
    responses: { 200: ZCepAnswer, 400: err, 401: err, 404: err, 429: err, 503: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/geocode",
    summary: "Where an address lies on the map",
    description: "Asked of the geocoder at most once a second for all servers, its answers kept; an empty list when it finds nothing.",
    tag,
    auth: "required",
    query: ZGeocodeQuery,
    responses: { 200: ZGeocodeAnswer, 400: err, 401: err, 429: err, 503: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops",
    summary: "Create a shop, unpublished; its creator becomes its owner and a barber",
    description: `Opens Monday to Saturday 09:00–19:00 until the owner changes it. ${addressRules} 429 beyond 5 shops a day for one account.`,
    tag,
    auth: "required",
    body: ZCreateShop,
    responses: { 201: ZStaffShopAnswer, 400: err, 401: err, 409: err, 415: err, 422: err, 429: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/profile",
    summary: "The shop's public page as its staff edit it",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZShopProfileAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "patch",
    path: "/staff/shops/{shop_id}/profile",
    summary: "Change the shop's public page (owner only)",
    description: `Only the fields sent change; clients see the change within seconds. ${addressRules} ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZShopProfilePatch,
    responses: { 200: ZShopProfileAnswer, 400: err, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/photos",
    summary: "Add a photo to the shop's page (owner only)",
    description: `multipart/form-data with an \`image\` (JPEG, PNG or WebP, 5 MB at most), stored as WebP; the first photo is the cover. 422 TOO_MANY_PHOTOS beyond 12. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    multipart: true,
    responses: { 201: ZPhotoAnswer, 400: err, 401: err, 403: err, 413: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/setup",
    summary: "Set a new shop's hours and services at once (owner, before it is published)",
    description: `Replaces the hours and services, and whether the owner is also a barber; the shop's barbers do every service. 409 BOOKINGS_IN_THE_WAY when the owner, taken off as a barber, has bookings to come; 409 SHOP_PUBLISHED once the shop is published (its team, services and hours pages change it then). ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    body: ZShopSetup,
    responses: { 200: ZShopSetupAnswer, 400: err, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/publication",
    summary: "Whether the shop is published, and what it lacks to be",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZPublication, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/publication",
    summary: "Publish the shop (owner only)",
    description: `422 NOT_READY_TO_PUBLISH, naming what is missing, without an address, hours, or a barber with a service. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZPublication, 401: err, 403: err, 422: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/publication",
    summary: "Unpublish the shop (owner only): out of lists, search, sitemap and booking at once; its bookings stay",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZPublication, 401: err, 403: err },
  }),
];
