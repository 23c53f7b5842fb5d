import "server-only";
import { sql } from "drizzle-orm";
import type { TAvailableDays } from "@/lib/contract/booking";
import { PERIODS, type TPeriod } from "@/lib/contract/search-constants";
import type { Executor } from "@/lib/server/db/client";
import { AppError, notFound } from "@/lib/server/http/errors";
import { rowsOf } from "@/lib/server/shops/cards";
import { bookingHorizonEnd } from "./horizon";
import { type Busy, computeFreeTimes, type FreeTimes, type WeeklyRange } from "./free-times";
import { addDays, toWallClock } from "./zoned-time";

/**
 * Free times over several days and several barbers from ONE statement: the shop, the chosen
 * services, every active barber of the shop who performs all of them (or the one asked for), their
 * weekly hours and breaks, and their appointments and blocked times over the whole range. The rules
 * are those of a single barber's day (computeFreeTimes), applied per barber and per day in memory.
 * Used by "any barber" (the union over the barbers) and by the date strip (which days have a time).
 */
export type BarberAgenda = {
  id: number;
  name: string;
  hours: WeeklyRange[];
  breaks: WeeklyRange[];
  busy: Busy[];
  blocked: Busy[];
};
export type RangeData = {
  shop: { id: number; timezone: string; stepMinutes: number; minNoticeMinutes: number };
  durationMinutes: number;
  shopHours: WeeklyRange[];
  barbers: BarberAgenda[];
};

type Raw = {
  shop: { id: number; timezone: string; step: number; notice: number } | null;
  services: { id: number; duration: number }[];
  shop_hours: { weekday: number; start: string; end: string }[];
  barbers: {
    id: number;
    name: string;
    hours: { weekday: number; start: string; end: string }[];
    breaks: { weekday: number; start: string; end: string }[];
    busy: { s: string; e: string }[];
    blocked: { s: string; e: string }[];
  }[];
};

const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

export async function loadRangeData(
  db: Executor,
  input: { shopId: number; barberId?: number | null; serviceIds: number[]; from: string; days: number; exceptAppointmentId?: number },
): Promise<RangeData> {
  const ids = [...new Set(input.serviceIds)];
  // As in loadBookingData: a window wide enough for the local days in any zone.
  const fromInstant = new Date(Date.parse(`${input.from}T00:00:00Z`) - 15 * 3_600_000).toISOString();
  const toInstant = new Date(Date.parse(`${addDays(input.from, input.days)}T00:00:00Z`) + 15 * 3_600_000).toISOString();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const barberFilter = input.barberId ? sql`and x.id = ${input.barberId}` : sql``;
  const rows = rowsOf(
    await db.execute(sql`select
    (select json_build_object('id', b.id, 'timezone', b.timezone, 'step', b.agenda_time_interval, 'notice', b.min_notice_minutes)
       from barbershops b where b.id = ${input.shopId} and b.is_active) as shop,
    (select coalesce(json_agg(json_build_object('id', s.id, 'duration', s.duration_minutes)), '[]'::json)
       from services s where s.id in (${idList}) and s.barbershop_id = ${input.shopId} and s.is_active and s.is_online) as services,
    (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start', h.opens::text, 'end', h.closes::text)), '[]'::json)
       from shop_hours h where h.barbershop_id = ${input.shopId}) as shop_hours,
    (select coalesce(json_agg(json_build_object(
        'id', x.id, 'name', x.name,
        'hours', (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start', h.starts::text, 'end', h.ends::text)), '[]'::json)
                    from barber_hours h where h.barber_id = x.id),
        'breaks', (select coalesce(json_agg(json_build_object('weekday', k.weekday, 'start', k.starts::text, 'end', k.ends::text)), '[]'::json)
                    from barber_breaks k where k.barber_id = x.id),
        'busy', (select coalesce(json_agg(json_build_object('s', a.starts_at, 'e', a.ends_at)), '[]'::json)
                   from appointments a
                  where a.barber_id = x.id and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(${fromInstant}::timestamptz, ${toInstant}::timestamptz, '[)')
                    and a.status <> 'cancelled' and a.id <> ${input.exceptAppointmentId ?? 0}),
        'blocked', (select coalesce(json_agg(json_build_object('s', t.starts_at, 'e', t.ends_at)), '[]'::json)
                      from blocked_times t where t.barber_id = x.id and t.starts_at < ${toInstant}::timestamptz and t.ends_at > ${fromInstant}::timestamptz)
      ) order by x.id), '[]'::json)
       from barbers x
      where x.barbershop_id = ${input.shopId} and x.is_active ${barberFilter}
        and (select count(*) from barber_services bs where bs.barber_id = x.id and bs.service_id in (${idList})) = ${ids.length}) as barbers`),
  );
  const raw = Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, json(v)])) as Raw;
  if (!raw.shop) throw notFound("BARBERSHOP_NOT_FOUND");
  if (raw.services.length !== ids.length) {
    const known = new Set(raw.services.map((s) => s.id));
    throw new AppError("SERVICE_NOT_AVAILABLE", { details: ids.filter((id) => !known.has(id)).map((id) => ({ path: "services", message: String(id) })) });
  }
  const range = (r: { weekday: number; start: string; end: string }): WeeklyRange => ({
    weekday: r.weekday,
    start: r.start.slice(0, 5),
    end: r.end.slice(0, 5),
  });
  const period = (r: { s: string; e: string }): Busy => ({ startsAt: new Date(r.s), endsAt: new Date(r.e) });
  return {
    shop: { id: raw.shop.id, timezone: raw.shop.timezone, stepMinutes: raw.shop.step, minNoticeMinutes: raw.shop.notice },
    durationMinutes: raw.services.reduce((sum, s) => sum + s.duration, 0),
    shopHours: raw.shop_hours.map(range),
    barbers: raw.barbers.map((b) => ({
      id: b.id,
      name: b.name,
      hours: b.hours.map(range),
      breaks: b.breaks.map(range),
      busy: b.busy.map(period),
      blocked: b.blocked.map(period),
    })),
  };
}

/** One barber's free times on one day of the range (the same rules as freeTimesOf). */
export function barberFreeTimes(data: RangeData, barber: BarberAgenda, date: string, now: Date): FreeTimes {
  return computeFreeTimes({
    date,
    timeZone: data.shop.timezone,
    barberHours: barber.hours,
    shopHours: data.shopHours,
    breaks: barber.breaks,
    busy: [...barber.busy, ...barber.blocked],
    durationMinutes: data.durationMinutes,
    stepMinutes: data.shop.stepMinutes,
    minNoticeMinutes: data.shop.minNoticeMinutes,
    now,
    latestStart: bookingHorizonEnd(now),
  });
}

/** The union of the barbers' free times on a day, each period sorted; `withoutBookings`: as if nobody had booked. */
export function unionFreeTimes(data: RangeData, date: string, now: Date, options: { withoutBookings?: boolean } = {}): FreeTimes {
  const sets = { morning: new Set<string>(), afternoon: new Set<string>(), night: new Set<string>() };
  for (const barber of data.barbers) {
    const times = barberFreeTimes(data, options.withoutBookings ? { ...barber, busy: [] } : barber, date, now);
    for (const p of PERIODS) for (const h of times[p]) sets[p].add(h);
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return { morning: sorted(sets.morning), afternoon: sorted(sets.afternoon), night: sorted(sets.night) };
}

/** How many of a barber's appointments start on the shop's local `date` (for "fewest bookings that day"). */
export function bookingsOnDay(data: RangeData, barber: BarberAgenda, date: string): number {
  return barber.busy.filter((b) => toWallClock(b.startsAt, data.shop.timezone).date === date).length;
}

/**
 * The barbers who can take `hour` on `date`, best first: the fewest bookings that day, then the
 * lowest id (a stable order). The booking transaction tries them in this order.
 */
export function rankBarbersFor(data: RangeData, date: string, hour: string, now: Date): BarberAgenda[] {
  return data.barbers
    .filter((b) => {
      const t = barberFreeTimes(data, b, date, now);
      return t.morning.includes(hour) || t.afternoon.includes(hour) || t.night.includes(hour);
    })
    .map((b) => ({ b, n: bookingsOnDay(data, b, date) }))
    .sort((x, y) => x.n - y.n || x.b.id - y.b.id)
    .map((x) => x.b);
}

/** For the date strip: whether each day from `from` has a free time (for the barber asked for, or any). */
export async function getAvailableDays(
  db: Executor,
  query: { barbershop_id: number; barber_id?: number | null; services: number[]; from: string; days: number },
  now = new Date(),
  options: { exceptAppointmentId?: number } = {},
): Promise<TAvailableDays> {
  const data = await loadRangeData(db, {
    shopId: query.barbershop_id,
    barberId: query.barber_id,
    serviceIds: query.services,
    from: query.from,
    days: query.days,
    ...options,
  });
  if (query.barber_id && data.barbers.length === 0) {
    // The barber asked for is not of this shop, or does not perform every service.
    throw new AppError("SERVICE_NOT_PERFORMED");
  }
  const days = Array.from({ length: query.days }, (_, i) => addDays(query.from, i)).map((date) => {
    const available = hasFreeTime(data, date, now);
    return { date, available, full: !available && freeWithoutBookings(data, date, now) };
  });
  return { timezone: data.shop.timezone, days };
}

/** The periods that bookings filled: none free now, one free were nobody booked. */
export function fullPeriods(free: FreeTimes, withoutBookings: FreeTimes): TPeriod[] {
  return PERIODS.filter((p) => free[p].length === 0 && withoutBookings[p].length > 0);
}

/** Free times of the periods asked for (all of them when none is). */
export function inPeriods(free: FreeTimes, periods: readonly TPeriod[]): string[] {
  return PERIODS.filter((p) => periods.length === 0 || periods.includes(p)).flatMap((p) => free[p]);
}

const anyTime = (t: FreeTimes) => t.morning.length + t.afternoon.length + t.night.length > 0;

/** Whether a barber of the range (the one asked for, or any) has a free time on the day. */
export function hasFreeTime(data: RangeData, date: string, now: Date): boolean {
  return data.barbers.some((b) => anyTime(barberFreeTimes(data, b, date, now)));
}

/**
 * Whether, with no appointment, a barber of the range would have a free time on the day. A day with no free
 * time for which this holds is full: bookings took it (not the barbers' hours, breaks or blocked times, the
 * shop's notice or the booking horizon), and a client may ask to be told when a time frees up (the waitlist).
 */
export function freeWithoutBookings(data: RangeData, date: string, now: Date): boolean {
  return data.barbers.some((b) => anyTime(barberFreeTimes(data, { ...b, busy: [] }, date, now)));
}
