import { z } from "zod";
import { ZDate, ZErrorBody, ZId } from "./common";
import { defineRoute } from "./route-def";

// The shop's side: who works at a shop and what each may do there (docs/decisions/0045-staff-roles.md).
// The matrix itself lives in lib/server/staff/permissions.ts; a page reads a member's permissions from the answers.

export const STAFF_ROLES = ["owner", "manager", "front_desk", "barber"] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

export const STAFF_PERMISSIONS = [
  "shop.view",
  "bookings.view",
  "bookings.manage",
  "clients.phone",
  "time.manage",
  "team.view",
  "team.contact",
  "team.manage",
  "services.manage",
  "hours.manage",
  "reviews.answer",
  "reports.view",
  "roles.manage",
  "shop.profile",
  "shop.publish",
  "shop.delete",
  "history.view",
] as const;
export const ZStaffPermission = z.enum(STAFF_PERMISSIONS);
export type TStaffPermission = z.infer<typeof ZStaffPermission>;
/** "all": for every barber and client of the shop; "own": only the member's own bookings, time and contact. */
export const ZPermissionScope = z.enum(["all", "own"]);
export type TPermissionScope = z.infer<typeof ZPermissionScope>;

export const ZStaffShopParams = z.object({ shop_id: ZId });
export const ZStaffMemberParams = ZStaffShopParams.extend({ staff_id: ZId });
export const ZStaffBookingParams = ZStaffShopParams.extend({ booking_id: ZId });

const ZRoles = z.array(ZStaffRole).meta({ description: "roles add up: an owner who also cuts hair is owner and barber" });

export const ZStaffShopSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  is_active: z.boolean().meta({ description: "false: unpublished, seen only by its staff" }),
});

export const ZMyStaffShop = z.object({
  shop: ZStaffShopSummary,
  staff_id: z.number().int(),
  roles: ZRoles,
  barber_id: z.number().int().nullable().meta({ description: "the shop's barber row this member cuts as (with the barber role only)" }),
});
export const ZMyStaffShops = z.object({ items: z.array(ZMyStaffShop) });
export type TMyStaffShops = z.infer<typeof ZMyStaffShops>;

// An object with every permission as a named property (a record over an enum lists them as required but names no
// property, which OpenAPI linters refuse).
export const ZStaffPermissions = z
  .object(
    Object.fromEntries(STAFF_PERMISSIONS.map((p) => [p, ZPermissionScope.nullable()])) as Record<
      (typeof STAFF_PERMISSIONS)[number],
      z.ZodNullable<typeof ZPermissionScope>
    >,
  )
  .meta({ description: "every permission with the member's scope: all, own, or null (not allowed)" });

export const ZStaffShopAnswer = z.object({
  shop: ZStaffShopSummary.extend({
    address: z.string(),
    neighborhood: z.string(),
    state: z.string(),
    phone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    timezone: z.string(),
  }),
  me: ZMyStaffShop.omit({ shop: true }).extend({ permissions: ZStaffPermissions }),
});
export type TStaffShopAnswer = z.infer<typeof ZStaffShopAnswer>;

export const ZStaffMember = z.object({
  staff_id: z.number().int(),
  user_id: z.number().int().meta({ description: "the member's account, as the history's `actor` filter takes it" }),
  name: z.string(),
  email: z.string().nullable().meta({ description: "null where the reader's role may not see a colleague's contact" }),
  phone: z.string().nullable().meta({ description: "E.164, or masked (+55 11 9****-**21) where the reader's role may not see it" }),
  roles: ZRoles,
  barber: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffTeam = z.object({ items: z.array(ZStaffMember) });
export const ZStaffMemberAnswer = z.object({ member: ZStaffMember });

export const ZSetStaffRoles = z.object({
  roles: z.array(ZStaffRole).min(1).max(STAFF_ROLES.length),
  barber_id: ZId.optional().meta({
    description: "the shop's barber row the member cuts as; needed with the barber role unless the member has one already; dropped without it",
  }),
});
export type TSetStaffRoles = z.infer<typeof ZSetStaffRoles>;

export const ZStaffBookingsQuery = z.object({
  // Bounded so that the database never meets a day it cannot hold (year 0).
  date: ZDate.refine((d) => d >= "2000-01-01" && d <= "2999-12-31", "invalid_format").meta({ description: "the shop's local day" }),
  barber_id: ZId.optional().meta({ description: "only this barber's column" }),
});

export const ZStaffBooking = z.object({
  id: z.number().int(),
  status: z.enum(["pending", "confirmed", "cancelled", "completed"]),
  starts_at: z.string(),
  ends_at: z.string(),
  barber: z.object({ id: z.number().int(), name: z.string() }),
  client: z.object({
    name: z.string(),
    phone: z.string().nullable().meta({ description: "E.164, or masked (+55 11 9****-**21) where the reader's role may not see it" }),
    is_guest: z.boolean(),
  }),
  services: z.array(z.object({ name: z.string(), duration_minutes: z.number().int() })),
  total: z.string(),
  notes: z.string().nullable(),
});
export type TStaffBooking = z.infer<typeof ZStaffBooking>;
export const ZStaffBookings = z.object({ date: ZDate, timezone: z.string(), items: z.array(ZStaffBooking) });
export type TStaffBookings = z.infer<typeof ZStaffBookings>;
export const ZStaffBookingAnswer = z.object({ booking: ZStaffBooking });

/** The kinds of thing a change is made to, as the history page filters them. */
export const STAFF_CHANGE_SUBJECTS = ["staff", "invitation", "barber", "service", "product", "shop", "closure", "review"] as const;
export const ZStaffHistoryQuery = z.object({
  before: z.coerce.number().int().positive().optional().meta({ description: "the `next_before` of the page read: older changes" }),
  limit: z.coerce.number().int().min(1).max(100).optional().meta({ description: "changes a page (50 when left out)" }),
  subject: z.enum(STAFF_CHANGE_SUBJECTS).optional().meta({ description: "only changes to this kind of thing" }),
  actor: z.coerce.number().int().positive().optional().meta({ description: "only changes by this account (user id)" }),
});
export type TStaffHistoryQuery = z.infer<typeof ZStaffHistoryQuery>;
export const ZStaffChange = z.object({
  id: z.number().int(),
  at: z.string().meta({ description: "when, ISO 8601" }),
  actor: z.object({
    user_id: z.number().int().nullable().meta({ description: "null once the account was deleted" }),
    name: z.string(),
    roles: ZRoles.meta({ description: "the member's roles when he made the change" }),
  }),
  action: z.string().meta({ description: 'what was done, "<thing>.<verb>", e.g. "team.roles", "service.update", "shop.publish"' }),
  subject: z.string().meta({ description: 'what it was done to, e.g. "staff", "service", "shop"' }),
  subject_id: z.number().int().nullable(),
  before: z.unknown().meta({ description: "the thing before the change (null when it was created)" }),
  after: z.unknown().meta({ description: "the thing after the change (null when it was removed)" }),
});
export const ZStaffHistory = z.object({
  items: z.array(ZStaffChange),
  next_before: z.number().int().nullable().meta({ description: "pass as `before` for older changes; null at the first change" }),
});
export type TStaffHistory = z.infer<typeof ZStaffHistory>;

const err = ZErrorBody;
const tag = "staff";
const refused =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this, NOT_OF_SHOP for a barber, booking, member or client of another shop.";

export const staffRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops",
    summary: "The shops I work at, and my roles at each",
    tag,
    auth: "required",
    responses: { 200: ZMyStaffShops, 401: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}",
    summary: "The shop as its staff see it, with my permissions there",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZStaffShopAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/team",
    summary: "The shop's team and their roles",
    description: `Colleagues' phones are masked and their e-mails left out for a role that may not see them. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZStaffTeam, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/team/{staff_id}/roles",
    summary: "Set a member's roles (owner only)",
    description: `The roles replace the member's. 409 LAST_OWNER when it would leave the shop without an owner; 422 BARBER_LINK_REQUIRED for the barber role without a barber row; 409 BARBER_ALREADY_LINKED when that row is another member's. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffMemberParams,
    body: ZSetStaffRoles,
    responses: { 200: ZStaffMemberAnswer, 401: err, 403: err, 409: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/history",
    summary: "Who changed what at the shop (owner only)",
    description: `Every change staff saved, newest first: who, in which roles, what before and after, when. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZStaffHistoryQuery,
    responses: { 200: ZStaffHistory, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/bookings",
    summary: "A day's bookings at the shop",
    description: `Every barber's for the owner, a manager and the front desk; a barber's own for a barber. The client's phone is masked for a role that may not see it. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZStaffBookingsQuery,
    responses: { 200: ZStaffBookings, 401: err, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/bookings/{booking_id}",
    summary: "One booking of the shop",
    description: `A barber opens only his own. ${refused}`,
    tag,
    auth: "required",
    params: ZStaffBookingParams,
    responses: { 200: ZStaffBookingAnswer, 401: err, 403: err },
  }),
];
