import { z } from "zod";
import { ZDate, ZErrorBody, ZHour, ZId } from "./common";
import { defineRoute } from "./route-def";
import { refineWeek } from "./shop-rules";
import { ZStaffShopParams } from "./staff";
import { ZBookingsInTheWay, ZConfirmQuery, ZWeekday } from "./team";

// When a shop opens (docs/decisions/0049-team-invitations.md): several ranges a day, and closures of whole days (a
// holiday, a week off). A change that would leave bookings outside lists them and saves nothing until confirmed.

export const ZShopRange = z.object({ weekday: ZWeekday, opens: ZHour, closes: ZHour });
export type TShopRange = z.infer<typeof ZShopRange>;
const ZShopDays = z.array(ZShopRange).max(42).meta({ description: "a weekday with no range is closed" });
export const ZShopHours = z.object({ days: ZShopDays }).superRefine((v, ctx) =>
  refineWeek(
    ctx,
    "days",
    v.days,
    (r) => r.opens,
    (r) => r.closes,
  ),
);
export type TShopHours = z.infer<typeof ZShopHours>;

export const ZClosureParams = ZStaffShopParams.extend({ closure_id: ZId });
export const ZCreateClosure = z
  .object({ starts_on: ZDate, ends_on: ZDate, reason: z.string().trim().max(120).optional() })
  .refine((c) => c.starts_on <= c.ends_on, { message: "HOURS_INVERTED", path: ["ends_on"] })
  .refine((c) => Date.parse(c.ends_on) - Date.parse(c.starts_on) <= 62 * 86_400_000, { message: "CLOSURE_TOO_LONG", path: ["ends_on"] });
export type TCreateClosure = z.infer<typeof ZCreateClosure>;
export const ZClosure = z.object({ id: z.number().int(), starts_on: ZDate, ends_on: ZDate, reason: z.string() });
export type TClosure = z.infer<typeof ZClosure>;
export const ZClosures = z.object({ items: z.array(ZClosure) });
export const ZClosureAnswer = z.object({ closure: ZClosure });
export const ZShopHoursAnswer = z.object({ days: ZShopDays, timezone: z.string() });

const err = ZErrorBody;
const tag = "staff";
const refused =
  "403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this (owner and managers), NOT_OF_SHOP for a closure of another shop.";
const inTheWay = "409 BOOKINGS_IN_THE_WAY lists the future bookings the change would leave outside and saves nothing; `?confirm=keep` saves and keeps them.";

export const hoursRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/hours",
    summary: "The shop's weekly hours",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZShopHoursAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/staff/shops/{shop_id}/hours",
    summary: "Replace the shop's weekly hours",
    description: `422 HOURS_INVALID for overlapping or inverted ranges, each named in the details. ${inTheWay} ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZConfirmQuery,
    body: ZShopHours,
    responses: { 200: ZShopHoursAnswer, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err, 422: err },
  }),
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/closures",
    summary: "The shop's closures from today on",
    description: refused,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    responses: { 200: ZClosures, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/staff/shops/{shop_id}/closures",
    summary: "Close the shop for whole days (a holiday, a week off)",
    description: `Up to 63 days. 422 HOURS_INVALID when it ends before it starts. ${inTheWay} ${refused}`,
    tag,
    auth: "required",
    params: ZStaffShopParams,
    query: ZConfirmQuery,
    body: ZCreateClosure,
    responses: { 201: ZClosureAnswer, 400: err, 401: err, 403: err, 409: ZBookingsInTheWay, 415: err, 422: err },
  }),
  defineRoute({
    method: "delete",
    path: "/staff/shops/{shop_id}/closures/{closure_id}",
    summary: "Reopen the days of a closure",
    description: refused,
    tag,
    auth: "required",
    params: ZClosureParams,
    responses: { 200: ZClosureAnswer, 401: err, 403: err },
  }),
];
