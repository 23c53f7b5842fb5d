import "server-only";
import { sql } from "drizzle-orm";
import type { TNextFreeTime } from "@/lib/contract/shops";
import type { TCategory } from "@/lib/contract/search-constants";
import type { Executor } from "@/lib/server/db/client";
import { type RangeData, barberFreeTimes } from "@/lib/server/availability/range";
import type { WeeklyRange } from "@/lib/server/availability/free-times";
import { addDays, fromWallClock, hourToMinutes, toWallClock, toZonedIso } from "@/lib/server/availability/zoned-time";
import { rowsOf } from "./cards";

// "When" on the lists: the next free times of many shops at once (issue 14), from ONE statement that
// loads, for each shop, the shortest bookable service (of the asked category), the barbers who perform
// it, their hours, breaks, appointments and blocked times around the days asked for. The free-time rules
// are the booking's own (barberFreeTimes), so every time shown can be booked.

export type FreeWindow = { date?: string; after?: string; before?: string; category?: TCategory };
export type ShopDay = { data: RangeData; serviceId: number };

type Raw = {
  shop_id: number;
  shop: { id: number; timezone: string; step: number; notice: number };
  service: { id: number; duration: number } | null;
  shop_hours: { weekday: number; start: string; end: string }[] | null;
  barbers: { id: number; name: string; hours: Rng[]; breaks: Rng[]; busy: { s: string; e: string }[]; blocked: { s: string; e: string }[] }[] | null;
};
type Rng = { weekday: number; start: string; end: string };
const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

/** The shops' agendas from `from` for `days` local days (a window wide enough for any zone). */
export async function loadShopDays(db: Executor, shopIds: number[], from: string, days: number, category?: TCategory): Promise<Map<number, ShopDay>> {
  const out = new Map<number, ShopDay>();
  if (shopIds.length === 0) return out;
  const fromInstant = new Date(Date.parse(`${from}T00:00:00Z`) - 15 * 3_600_000).toISOString();
  const toInstant = new Date(Date.parse(`${addDays(from, days)}T00:00:00Z`) + 15 * 3_600_000).toISOString();
  const ids = sql.join(
    shopIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const categoryFilter = category ? sql`and sv.category = ${category}` : sql``;
  const rows = rowsOf(
    await db.execute(sql`select b.id as shop_id,
      json_build_object('id', b.id, 'timezone', b.timezone, 'step', b.agenda_time_interval, 'notice', b.min_notice_minutes) as shop,
      json_build_object('id', sv.id, 'duration', sv.duration_minutes) as service,
      (select json_agg(json_build_object('weekday', h.weekday, 'start', h.opens::text, 'end', h.closes::text)) from shop_hours h where h.barbershop_id = b.id) as shop_hours,
      (select json_agg(json_build_object(
          'id', x.id, 'name', x.name,
          'hours', (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'start', h.starts::text, 'end', h.ends::text)), '[]'::json) from barber_hours h where h.barber_id = x.id),
          'breaks', (select coalesce(json_agg(json_build_object('weekday', k.weekday, 'start', k.starts::text, 'end', k.ends::text)), '[]'::json) from barber_breaks k where k.barber_id = x.id),
          'busy', (select coalesce(json_agg(json_build_object('s', a.starts_at, 'e', a.ends_at)), '[]'::json) from appointments a
                    where a.barber_id = x.id and a.status <> 'cancelled'
                      and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(${fromInstant}::timestamptz, ${toInstant}::timestamptz, '[)')),
          'blocked', (select coalesce(json_agg(json_build_object('s', t.starts_at, 'e', t.ends_at)), '[]'::json) from blocked_times t
                       where t.barber_id = x.id and t.starts_at < ${toInstant}::timestamptz and t.ends_at > ${fromInstant}::timestamptz)
        ) order by x.id)
        from barbers x
        where x.barbershop_id = b.id and x.is_active and exists (select 1 from barber_services bs where bs.barber_id = x.id and bs.service_id = sv.id)) as barbers
    from barbershops b
    cross join lateral (
      select sv.id, sv.duration_minutes from services sv
       where sv.barbershop_id = b.id and sv.is_active and sv.is_online ${categoryFilter}
       order by sv.duration_minutes, sv.price, sv.id limit 1
    ) sv
    where b.id in (${ids}) and b.is_active`),
  );
  const range = (r: Rng): WeeklyRange => ({ weekday: r.weekday, start: r.start.slice(0, 5), end: r.end.slice(0, 5) });
  const period = (r: { s: string; e: string }) => ({ startsAt: new Date(r.s), endsAt: new Date(r.e) });
  for (const row of rows) {
    const raw = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, json(v)])) as unknown as Raw;
    if (!raw.service) continue;
    out.set(Number(raw.shop_id), {
      serviceId: raw.service.id,
      data: {
        shop: { id: raw.shop.id, timezone: raw.shop.timezone, stepMinutes: raw.shop.step, minNoticeMinutes: raw.shop.notice },
        durationMinutes: raw.service.duration,
        shopHours: (raw.shop_hours ?? []).map(range),
        barbers: (raw.barbers ?? []).map((b) => ({ id: b.id, name: b.name, hours: b.hours.map(range), breaks: b.breaks.map(range), busy: b.busy.map(period), blocked: b.blocked.map(period) })),
      },
    });
  }
  return out;
}

/**
 * A shop's first `limit` free times in the window: on `date` (or today, then tomorrow), at or after
 * `after` and starting before `before` (shop-local HH:MM). A time one barber alone has names him; a time
 * several have is "any barber" (null), which the booking resolves the same way.
 */
export function nextFreeTimes(day: ShopDay, window: FreeWindow, now: Date, limit = 3): TNextFreeTime[] {
  const tz = day.data.shop.timezone;
  const today = toWallClock(now, tz).date;
  const dates = window.date ? [window.date] : [today, addDays(today, 1)];
  const from = window.after ? hourToMinutes(window.after) : 0;
  const to = window.before ? hourToMinutes(window.before) : 24 * 60;
  const out: TNextFreeTime[] = [];
  for (const date of dates) {
    const byTime = new Map<string, number[]>();
    for (const barber of day.data.barbers) {
      const t = barberFreeTimes(day.data, barber, date, now);
      for (const h of [...t.morning, ...t.afternoon, ...t.night]) {
        const m = hourToMinutes(h);
        if (m < from || m >= to) continue;
        byTime.set(h, [...(byTime.get(h) ?? []), barber.id]);
      }
    }
    for (const h of [...byTime.keys()].sort()) {
      const instant = fromWallClock(date, hourToMinutes(h), tz);
      if (!instant) continue;
      const barbers = byTime.get(h)!;
      out.push({ starts_at: toZonedIso(instant, tz), barber_id: barbers.length === 1 ? barbers[0] : null, service_id: day.serviceId });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
