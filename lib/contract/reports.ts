import { z } from "zod";
import { ZDate, ZErrorBody } from "./common";
import { defineRoute } from "./route-def";
import { ZStaffShopParams } from "./staff";

// The shop's reports (docs/decisions/0056-reports.md): revenue, occupancy, no-shows and new clients over a range of
// the shop's local days, computed by PostgreSQL in one statement; the same figures as a CSV file.

/** The longest range a report covers, in days (a year, leap day included). */
export const REPORT_MAX_DAYS = 366;

const ZReportDay = ZDate.refine((d) => d >= "2000-01-01" && d <= "2999-12-31", "invalid_format");

export const ZReportQuery = z.object({
  from: ZReportDay.meta({ description: "the first local day of the shop, YYYY-MM-DD" }),
  to: ZReportDay.meta({ description: `the last local day, included; at most ${REPORT_MAX_DAYS} days after from, counting both` }),
  format: z.enum(["json", "csv"]).optional().meta({ description: "csv: the same figures as a text/csv file (UTF-8 with a BOM); json when left out" }),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

const ZMoney = z.string().meta({ description: "BRL, two decimals, e.g. 123.45" });
const ZRate = z.number().nullable().meta({ description: "a share between 0 and 1, four decimals; null when there is nothing to divide by" });

export const ZReportTotals = z.object({
  revenue: ZMoney.meta({ description: "the totals of the visits that took place (not cancelled, not a no-show, over)" }),
  visits: z.number().int(),
  bookings: z.number().int().meta({ description: "bookings not cancelled that start in the range, past and ahead" }),
  cancelled: z.number().int(),
  no_shows: z.number().int(),
  started: z.number().int().meta({ description: "bookings not cancelled that have started: what the no-show rate divides by" }),
  no_show_rate: ZRate.meta({ description: "no_shows ÷ started" }),
  booked_minutes: z.number().int().meta({ description: "minutes of the barbers' open time that bookings not cancelled take" }),
  open_minutes: z.number().int().meta({ description: "minutes of the barbers' hours, less breaks and blocked time" }),
  occupancy: ZRate.meta({ description: "booked_minutes ÷ open_minutes" }),
  new_clients: z.number().int().meta({ description: "clients with a visit in the range and none at the shop before it" }),
  returning_clients: z.number().int().meta({ description: "clients with a visit in the range and one before it" }),
});

export const ZReportDayRow = z.object({ date: ZDate, revenue: ZMoney, visits: z.number().int() });
export const ZReportBarberRow = z.object({
  barber_id: z.number().int(),
  name: z.string(),
  revenue: ZMoney,
  visits: z.number().int(),
  booked_minutes: z.number().int(),
  open_minutes: z.number().int(),
  occupancy: ZRate,
});
export const ZReportServiceRow = z.object({
  service_id: z.number().int(),
  name: z.string(),
  revenue: ZMoney.meta({ description: "the service's price as booked, over the visits that had it" }),
  visits: z.number().int(),
});

export const ZReport = z.object({
  from: ZDate,
  to: ZDate,
  timezone: z.string().meta({ description: "the shop's time zone, in which the days are counted" }),
  totals: ZReportTotals,
  days: z.array(ZReportDayRow).meta({ description: "every day of the range, in order, days without visits included" }),
  barbers: z.array(ZReportBarberRow).meta({ description: "the active barbers and any other with a booking in the range, most revenue first" }),
  services: z.array(ZReportServiceRow).meta({ description: "services of the visits, most revenue first" }),
});
export type TReport = z.infer<typeof ZReport>;

const err = ZErrorBody;

export const reportRoutes = [
  defineRoute({
    method: "get",
    path: "/staff/shops/{shop_id}/reports",
    summary: "The shop's figures over a range of days (owner and managers)",
    description:
      "Revenue by day, barber and service, occupancy, the no-show rate and new against returning clients, counted in the shop's time zone. With format=csv, a text/csv file (UTF-8 with a BOM): its separator and decimal mark follow the language of Accept-Language (`;` and `,` for pt-BR and es, `,` and `.` for en), a cell that starts with = + - @ begins with a '. 400 VALIDATION_FAILED when to is before from or the range passes 366 days. 403 NOT_SHOP_STAFF when the signed-in account is not on the shop's team, STAFF_PERMISSION when its roles there do not allow this.",
    tag: "staff",
    auth: "required",
    params: ZStaffShopParams,
    query: ZReportQuery,
    responses: { 200: ZReport, 400: err, 401: err, 403: err },
    media: { 200: ["application/json", "text/csv"] },
  }),
];
