import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { TAvailableTimes } from "@/lib/contract/booking";
import type { TBarber, TShopCard } from "@/lib/contract/shops";
import type { Executor } from "@/lib/server/db/client";
import { AppError, notFound } from "@/lib/server/http/errors";
import { type CardContext, rowsOf, shopCardColumns, toShopCard } from "@/lib/server/shops/cards";
import { type Busy, computeFreeTimes, type FreeTimes, type WeeklyRange } from "./free-times";
import { bookingHorizonEnd } from "./horizon";
import { fullPeriods, loadRangeData, unionFreeTimes } from "./range";
import { addDays, weekdayOf } from "./zoned-time";

/** A shop's phone and WhatsApp as it saved them (free text). */
export type ShopContactRaw = { phone: string | null; whatsapp: string | null };

export type BookingRules = {
  /** contact: the shop's phone and WhatsApp as saved, for the appointment it makes (toAppointment reads them). */
  shop: { id: number; timezone: string; stepMinutes: number; minNoticeMinutes: number; contact: ShopContactRaw };
  barber: TBarber;
  services: { id: number; name: string; price: string; durationMinutes: number; description: string; category: string }[];
  durationMinutes: number;
};

export type DaySchedule = { barberHours: WeeklyRange[]; shopHours: WeeklyRange[]; breaks: WeeklyRange[]; appointments: Busy[]; blocked: Busy[] };

type Raw = {
  shop: { id: number; timezone: string; step: number; notice: number; phone: string | null; whatsapp: string | null } | null;
  barber: { id: number; name: string; avatar_url: string | null; rating_avg: number | string; rating_count: number; bio: string } | null;
  services: { id: number; name: string; price: string; duration: number; description: string; category: string; performed: boolean }[];
  own: { start: string; end: string }[];
  shop_hours: { start: string; end: string }[];
  breaks: { start: string; end: string }[];
  busy: { s: string; e: string }[];
  blocked: { s: string; e: string }[];
};

const dialect = new PgDialect();
type PostgresJsClient = { unsafe: (query: string, params: unknown[], options: { prepare: boolean }) => Promise<Record<string, unknown>[]> };

/**
 * Runs a raw statement. On PostgreSQL (postgres.js) it is a named prepared statement, so the
 * server plans this large statement once per connection instead of on every booking; Drizzle's
 * db.execute() never prepares. PGlite runs it as usual.
 */
export async function executePrepared(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db._.session as unknown as { client?: Partial<PostgresJsClient> }).client;
  if (client && typeof client.unsafe === "function") {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return client.unsafe(text, params, { prepare: true });
  }
  return rowsOf(await db.execute(query));
}

const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

/**
 * Everything a booking or the free times of one barber on one day needs, in one statement:
 * the shop, the barber, the chosen services (and whether he performs them), his hours (or the
 * shop's), breaks, blocked times and appointments. The window of appointments needs no time zone:
 * it covers the day in any zone (UTC−14 to UTC+14) and the calculator ignores what lies outside.
 */
export async function loadBookingData(
  db: Executor,
  input: { shopId: number; barberId: number; serviceIds: number[]; date: string },
  options: { card?: CardContext; exceptAppointmentId?: number } = {},
): Promise<{ rules: BookingRules; day: DaySchedule; card: TShopCard | null }> {
  const ids = [...new Set(input.serviceIds)];
  const weekday = weekdayOf(input.date);
  const from = new Date(Date.parse(`${input.date}T00:00:00Z`) - 15 * 3_600_000).toISOString();
  const to = new Date(Date.parse(`${addDays(input.date, 1)}T00:00:00Z`) + 15 * 3_600_000).toISOString();
  const { shopId, barberId } = input;
  const rows = await executePrepared(
    db,
    sql`select
    (select json_build_object('id', b.id, 'timezone', b.timezone, 'step', b.agenda_time_interval, 'notice', b.min_notice_minutes, 'phone', b.phone, 'whatsapp', b.whatsapp)
       from barbershops b where b.id = ${shopId} and b.is_active) as shop,
    (select json_build_object('id', x.id, 'name', x.name, 'avatar_url', x.avatar_url, 'rating_avg', x.rating_avg, 'rating_count', x.rating_count, 'bio', x.bio)
       from barbers x where x.id = ${barberId} and x.barbershop_id = ${shopId} and x.is_active) as barber,
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name,
              -- The barber's own price and duration where he set them.
              'price', coalesce(bs.price, s.price)::text, 'duration', coalesce(bs.duration_minutes, s.duration_minutes),
              'description', s.description, 'category', s.category, 'performed', bs.barber_id is not null)), '[]'::json)
       from services s left join barber_services bs on bs.service_id = s.id and bs.barber_id = ${barberId}
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.barbershop_id = ${shopId} and s.is_active and s.is_online) as services,
    (select coalesce(json_agg(json_build_object('start', h.starts::text, 'end', h.ends::text)), '[]'::json)
       from barber_hours h where h.barber_id = ${barberId} and h.weekday = ${weekday}) as own,
    (select coalesce(json_agg(json_build_object('start', h.opens::text, 'end', h.closes::text)), '[]'::json)
       from shop_hours h where h.barbershop_id = ${shopId} and h.weekday = ${weekday}) as shop_hours,
    (select coalesce(json_agg(json_build_object('start', k.starts::text, 'end', k.ends::text)), '[]'::json)
       from barber_breaks k where k.barber_id = ${barberId} and k.weekday = ${weekday}) as breaks,
    (select coalesce(json_agg(json_build_object('s', a.starts_at, 'e', a.ends_at)), '[]'::json)
       from appointments a
      -- Written as the exclusion constraint's own condition, so its GiST index finds the day's few
      -- appointments instead of scanning every earlier one of the barber.
      where a.barber_id = ${barberId} and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')
        and a.status <> 'cancelled' and a.id <> ${options.exceptAppointmentId ?? 0}) as busy,
    (select coalesce(json_agg(json_build_object('s', t.starts_at, 'e', t.ends_at)), '[]'::json)
       from blocked_times t where t.barber_id = ${barberId} and t.starts_at < ${to}::timestamptz and t.ends_at > ${from}::timestamptz) as blocked,
    ${options.card ? sql`(select row_to_json(c) from (select ${shopCardColumns(options.card)} from barbershops b where b.id = ${shopId}) c)` : sql`null::json`} as card`,
  );
  const [row] = rows;
  const raw = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, json(v)])) as Raw & { card: Record<string, unknown> | null };

  if (!raw.shop) throw notFound("BARBERSHOP_NOT_FOUND");
  if (!raw.barber) throw new AppError("BARBER_NOT_IN_SHOP");
  if (raw.services.length !== ids.length) {
    const known = new Set(raw.services.map((s) => s.id));
    const missing = ids.filter((id) => !known.has(id));
    throw new AppError("SERVICE_NOT_AVAILABLE", { details: missing.map((id) => ({ path: "services", message: String(id) })) });
  }
  const notPerformed = raw.services.filter((s) => !s.performed);
  if (notPerformed.length > 0) {
    throw new AppError("SERVICE_NOT_PERFORMED", { details: notPerformed.map((s) => ({ path: "services", message: String(s.id) })) });
  }
  const ordered = ids.map((id) => raw.services.find((s) => s.id === id)!);
  const range = (r: { start: string; end: string }): WeeklyRange => ({ weekday, start: r.start.slice(0, 5), end: r.end.slice(0, 5) });
  const period = (r: { s: string; e: string }): Busy => ({ startsAt: new Date(r.s), endsAt: new Date(r.e) });
  return {
    rules: {
      shop: {
        id: raw.shop.id,
        timezone: raw.shop.timezone,
        stepMinutes: raw.shop.step,
        minNoticeMinutes: raw.shop.notice,
        contact: { phone: raw.shop.phone, whatsapp: raw.shop.whatsapp },
      },
      barber: { ...raw.barber, rating_avg: Number(raw.barber.rating_avg) },
      services: ordered.map((s) => ({ id: s.id, name: s.name, price: s.price, durationMinutes: s.duration, description: s.description, category: s.category })),
      durationMinutes: ordered.reduce((sum, s) => sum + s.duration, 0),
    },
    card: raw.card ? toShopCard(raw.card) : null,
    day: {
      barberHours: raw.own.map(range),
      shopHours: raw.shop_hours.map(range),
      breaks: raw.breaks.map(range),
      appointments: raw.busy.map(period),
      blocked: raw.blocked.map(period),
    },
  };
}

/** Free times of a loaded day; without appointments it tells "taken" apart from "never offered". */
export function freeTimesOf(rules: BookingRules, day: DaySchedule, date: string, now: Date, options: { withAppointments: boolean }): FreeTimes {
  return computeFreeTimes({
    date,
    timeZone: rules.shop.timezone,
    barberHours: day.barberHours,
    shopHours: day.shopHours,
    breaks: day.breaks,
    busy: options.withAppointments ? [...day.appointments, ...day.blocked] : day.blocked,
    durationMinutes: rules.durationMinutes,
    stepMinutes: rules.shop.stepMinutes,
    minNoticeMinutes: rules.shop.minNoticeMinutes,
    now,
    latestStart: bookingHorizonEnd(now),
  });
}

export async function getAvailableTimes(
  db: Executor,
  query: { barbershop_id: number; barber_id?: number | null; services: number[]; date: string },
  now = new Date(),
  options: { exceptAppointmentId?: number } = {},
): Promise<TAvailableTimes> {
  if (!query.barber_id) {
    // Any barber: the union of the free times of every barber who performs all the services.
    const data = await loadRangeData(db, {
      shopId: query.barbershop_id,
      serviceIds: query.services,
      from: query.date,
      days: 1,
      exceptAppointmentId: options.exceptAppointmentId,
    });
    const free = unionFreeTimes(data, query.date, now);
    const full_periods = fullPeriods(free, unionFreeTimes(data, query.date, now, { withoutBookings: true }));
    return { date: query.date, timezone: data.shop.timezone, duration_minutes: data.durationMinutes, ...free, full_periods };
  }
  const { rules, day } = await loadBookingData(
    db,
    { shopId: query.barbershop_id, barberId: query.barber_id, serviceIds: query.services, date: query.date },
    options,
  );
  const times = freeTimesOf(rules, day, query.date, now, { withAppointments: true });
  const full_periods = fullPeriods(times, freeTimesOf(rules, day, query.date, now, { withAppointments: false }));
  return { date: query.date, timezone: rules.shop.timezone, duration_minutes: rules.durationMinutes, ...times, full_periods };
}
