import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { TNextFreeTime } from "@/lib/contract/shops";
import type { TCategory } from "@/lib/contract/search-constants";
import type { Executor } from "@/lib/server/db/client";
import { bookingHorizonEnd } from "@/lib/server/availability/horizon";
import { compileOnce, runPrepared } from "@/lib/server/db/prepared";
import { rowsOf } from "./cards";

// The next free times of many shops, computed by PostgreSQL in one statement (decision
// 0022). For each shop, its featured service (shop_agenda.featured, migration 0020: the haircut its clients book
// most, or the most booked of the asked category); for each day asked
// (the date, or today then tomorrow in the shop's zone), each active barber who performs it, their
// working ranges (their own hours of that weekday, else the shop's), and in each range what is left
// free once appointments, blocked times and breaks are taken out (tstzmultirange arithmetic). A free
// piece holds a slot when the slot (range start + k × step, the booking's own grid) starts in it and
// the service ends inside it. These are computeFreeTimes' rules (lib/server/availability/free-times.ts);
// tests/api/free-times-sql.db.test.ts compares the two.
//
// A shop's day is kept computed in shop_free_days (migration 0010): every slot of every featured service
// of the shop, as [local minute, barber id or 0 when several]. A row
// counts only while its version is the shop's agenda version, which the triggers on appointments,
// blocked times, hours, breaks, barbers and services raise in the writing transaction: a row computed
// before a booking is never read after it. Days without a current row are computed (a second statement).

/** "When": a shop-local date (else today, then tomorrow), times from `after` and before `before` (HH:MM). */
export type FreeWindow = { date?: string; after?: string; before?: string; category?: TCategory };

/** Days kept computed ahead: today and tomorrow in each shop's zone (the lists' default window). */
export const KEPT_DAYS = 2;

/**
 * The free pieces of a shop's day, as a subquery `pc` (barber_id, ws, r): r a free tstzrange inside
 * the working range starting at ws. Reads the shop as `b`, the service as `sv` (id, duration_minutes)
 * and the day as `d.day`, `d.dow` from the outer query.
 */
const PIECES = sql`(select x.id as barber_id, w.ws, p.r from barbers x
  cross join lateral (
    select (d.day + h.starts) at time zone b.timezone as ws, (d.day + h.ends) at time zone b.timezone as we
      from barber_hours h where h.barber_id = x.id and h.weekday = d.dow and h.starts < h.ends
    union all
    select (d.day + h.opens) at time zone b.timezone, (d.day + h.closes) at time zone b.timezone
      from shop_hours h where h.barbershop_id = b.id and h.weekday = d.dow and h.opens < h.closes
       and not exists (select 1 from barber_hours o where o.barber_id = x.id and o.weekday = d.dow)
  ) w
  cross join lateral unnest(tstzmultirange(tstzrange(w.ws, w.we)) - coalesce((
    select range_agg(u.r) from (
      select tstzrange(a.starts_at, a.ends_at) as r from appointments a
       where a.barber_id = x.id and a.status <> 'cancelled'
         and a.starts_at < w.we and a.starts_at > w.ws - interval '1 day' and a.ends_at > w.ws
      union all
      select tstzrange(t.starts_at, t.ends_at) from blocked_times t
       where t.barber_id = x.id and t.starts_at < w.we and t.ends_at > w.ws
      union all
      select tstzrange((d.day + k.starts) at time zone b.timezone, (d.day + k.ends) at time zone b.timezone) from barber_breaks k
       where k.barber_id = x.id and k.weekday = d.dow and k.starts < k.ends
    ) u), '{}'::tstzmultirange)) as p(r)
  where x.barbershop_id = b.id and x.is_active
    and exists (select 1 from barber_services bs where bs.barber_id = x.id and bs.service_id = sv.id)) pc`;

/** The slot of a piece's grid at or after `lo`, plus j steps. */
const gridSlot = (lo: SQL, j: SQL) =>
  sql`pc.ws + make_interval(mins => b.agenda_time_interval * (ceil(extract(epoch from ${lo} - pc.ws) / 60 / b.agenda_time_interval)::int + ${j}))`;

/** Every slot of the day (no clock, no window): the rows kept in shop_free_days. */
const ALL_SLOTS = sql`select pc.barber_id, s.slot
  from ${PIECES}
  cross join lateral (
    select ${gridSlot(sql`lower(pc.r)`, sql`j`)} as slot
      from generate_series(0, greatest(-1, floor((extract(epoch from upper(pc.r) - lower(pc.r)) / 60 - sv.duration_minutes) / b.agenda_time_interval)::int)) j
  ) s
  where s.slot + make_interval(mins => sv.duration_minutes) <= upper(pc.r)`;

/** Local minute of the day of an instant, in the shop's zone. */
const localMinute = (t: SQL) => sql`(extract(hour from ${t} at time zone b.timezone) * 60 + extract(minute from ${t} at time zone b.timezone))::int`;

type Bounds = { afterMin: SQL; beforeMin: SQL; now: SQL; horizon: SQL; limit: SQL };

/**
 * Whether the shop `b` has its day `d.day` kept and current: the row's version is the shop's agenda version (`v`), read
 * with the featured services the row holds the slots of (both change together, migration 0020).
 */
const KEPT = sql`exists (select 1 from shop_free_days k where k.barbershop_id = b.id and k.day = d.day and k.version = v.version)`;

/**
 * A jsonb array of the shop's first `limit` free times on the days `days` (rows `day`), within the
 * bounds: read from the current kept days ("kept"; the days without one are skipped), or computed
 * ("computed"). Reads the shop `b`, its agenda `v` and the service `sv` of the outer query.
 */
function freeTimesOf(days: SQL, o: Bounds, source: "kept" | "computed"): SQL {
  const earliest = sql`greatest(${o.now} + make_interval(mins => b.min_notice_minutes), (d.day + make_interval(mins => ${o.afterMin})) at time zone b.timezone)`;
  const latest = sql`least(${o.horizon}, (d.day + make_interval(mins => ${o.beforeMin} - 1)) at time zone b.timezone)`;
  const body =
    source === "kept"
      ? sql`select (d.day + make_interval(mins => (e.v ->> 0)::int)) at time zone b.timezone as slot, nullif((e.v ->> 1)::int, 0) as barber_id
          from shop_free_days k cross join lateral jsonb_array_elements(k.slots -> sv.id::text) e(v)
         where k.barbershop_id = b.id and k.day = d.day
           and k.version = v.version
           and (e.v ->> 0)::int >= ${o.afterMin} and (e.v ->> 0)::int < ${o.beforeMin}`
      : // The first slots of each piece from the earliest allowed start.
        sql`select g.slot, case when count(*) = 1 then min(g.barber_id) end as barber_id
          from (
            select pc.barber_id, s.slot
              from ${PIECES}
              cross join lateral (select ${gridSlot(sql`greatest(lower(pc.r), ${earliest})`, sql`j`)} as slot from generate_series(0, ${o.limit} - 1) j) s
             where s.slot + make_interval(mins => sv.duration_minutes) <= upper(pc.r)
          ) g
         group by g.slot`;
  return sql`(select coalesce(jsonb_agg(jsonb_build_object('starts_at', z.iso, 'barber_id', z.barber_id, 'service_id', sv.id, 'service_name', sv.name) order by z.slot), '[]'::jsonb)
    from (
      select f.slot, f.barber_id,
        to_char(f.slot at time zone b.timezone, 'YYYY-MM-DD"T"HH24:MI:SS')
          || case when f.off < 0 then '-' else '+' end || to_char(make_interval(mins => abs(f.off)), 'HH24:MI') as iso
      from (
        select t.slot, t.barber_id, (extract(epoch from (t.slot at time zone b.timezone) - (t.slot at time zone 'UTC')) / 60)::int as off
        from (select day, extract(dow from day)::int as dow from (${days}) dd) d
        cross join lateral (${body}) t
        where t.slot >= ${earliest} and t.slot <= ${latest}
        order by t.slot
        limit ${o.limit}
      ) f
    ) z)`;
}

/** Arrays go as PostgreSQL array literals ("{1,2,3}"): postgres.js sends an array only to a prepared statement. */
const arrayLiteral = (items: (number | string)[]) => `{${items.join(",")}}`;

/**
 * The service a shop page's next free times stand for, as the lists' without a category: the haircut its clients book
 * most (then the shortest, the cheapest, the oldest; a touch-up under 20 minutes only when there is nothing longer),
 * else its most booked service (shop_agenda.featured, migrations 0020 and 0032); null when none is bookable online.
 */
export async function featuredServiceOf(db: Executor, shopId: number): Promise<number | null> {
  const rows = rowsOf(await db.execute(sql`select (featured ->> '')::int as id from shop_agenda where barbershop_id = ${shopId}`));
  return rows[0]?.id == null ? null : Number(rows[0].id);
}

type Values = {
  ids: string;
  /** "computed": the day of each shop (same order as ids); "kept": null. */
  days: string | null;
  now: string;
  date: string | null;
  afterMin: number;
  beforeMin: number;
  horizon: string;
  limit: number;
  category: string | null;
};

/**
 * The statements of nextFreeTimesOf, one text each for every window. "kept" reads the shops' current
 * kept days (and names the days that have none); "computed" computes one given day per shop. With no
 * values their parameters are placeholders bound by name; with values, they are the values.
 */
const nextFreeTimesStatement = (source: "kept" | "computed", v?: Values) => {
  const param = (name: keyof Values, type: string) => sql`${v ? sql.param(v[name]) : sql.placeholder(name)}::${sql.raw(type)}`;
  const now = param("now", "timestamptz");
  const bounds: Bounds = {
    afterMin: param("afterMin", "int"),
    beforeMin: param("beforeMin", "int"),
    now,
    horizon: param("horizon", "timestamptz"),
    limit: param("limit", "int"),
  };
  // The shop `b`, its agenda `v`, and the service `sv` (id, name, duration_minutes) its times stand for: its featured one, of
  // the category asked for or its own ('').
  const shopAndService = sql`join barbershops b on b.id = m.id
    join shop_agenda v on v.barbershop_id = b.id
    join services sv on sv.id = (v.featured ->> coalesce(${param("category", "text")}, ''))::int`;
  if (source === "computed") {
    return sql`select b.id, ${freeTimesOf(sql`select m.day`, bounds, "computed")}::text as times
      from unnest(${param("ids", "int[]")}, ${param("days", "date[]")}) as m(id, day)
      ${shopAndService}
      where b.is_active`;
  }
  const date = param("date", "date");
  // The date asked for, else today and tomorrow in the shop's zone.
  const days = sql`select coalesce(${date}, (${now} at time zone b.timezone)::date) + i as day
    from generate_series(0, case when ${date} is null then 1 else 0 end) i`;
  return sql`select b.id, ${freeTimesOf(days, bounds, "kept")}::text as times,
      (select array_agg(d.day)::text from (${days}) d where not ${KEPT}) as missing
    from unnest(${param("ids", "int[]")}) as m(id)
    ${shopAndService}
    where b.is_active`;
};

/**
 * Runs one of the statements. "kept" is prepared: on 100k shops its generic plan ran 15–25 % faster than planning it
 * for its values each time (every window: a date or none, from 18:00 or the whole day, a category or none; session
 * 33). "computed" is planned for its values every time (its generic plan was far slower).
 */
async function run(db: Executor, source: "kept" | "computed", values: Values): Promise<Record<string, unknown>[]> {
  return (
    (await runPrepared(db, () => compileOnce(`next-free-times ${source}`, () => nextFreeTimesStatement(source), values), { prepare: source === "kept" })) ??
    rowsOf(await db.execute(nextFreeTimesStatement(source, values)))
  );
}

/**
 * The next free times of the shops `shopIds` in the window, `limit` each (1 to 3), from their kept
 * days, and for the days not kept (or changed since), computed. A time one barber alone has names
 * him; a time several have is "any barber" (null), which the booking resolves.
 */
export async function nextFreeTimesOf(
  db: Executor,
  shopIds: number[],
  window: FreeWindow,
  options: { now?: Date; limit: number },
): Promise<Map<number, TNextFreeTime[]>> {
  const out = new Map<number, TNextFreeTime[]>();
  if (shopIds.length === 0) return out;
  const at = options.now ?? new Date();
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const values: Values = {
    ids: arrayLiteral(shopIds),
    days: null,
    now: at.toISOString(),
    date: window.date ?? null,
    afterMin: window.after ? minutes(window.after) : 0,
    beforeMin: window.before ? minutes(window.before) : 24 * 60,
    horizon: bookingHorizonEnd(at).toISOString(),
    limit: options.limit,
    category: window.category ?? null,
  };
  const missing: { id: number; day: string }[] = [];
  for (const r of await run(db, "kept", values)) {
    out.set(Number(r.id), JSON.parse(String(r.times)) as TNextFreeTime[]);
    // A date[] as text: {2026-11-25,2026-11-26}.
    for (const day of r.missing ? String(r.missing).replace(/[{}]/g, "").split(",") : []) missing.push({ id: Number(r.id), day });
  }
  if (missing.length > 0) {
    for (const r of await run(db, "computed", { ...values, ids: arrayLiteral(missing.map((m) => m.id)), days: arrayLiteral(missing.map((m) => m.day)) })) {
      const id = Number(r.id);
      const merged = [...(out.get(id) ?? []), ...(JSON.parse(String(r.times)) as TNextFreeTime[])];
      merged.sort((x, y) => Date.parse(x.starts_at) - Date.parse(y.starts_at));
      out.set(id, merged.slice(0, options.limit));
    }
  }
  return out;
}

/**
 * Computes and keeps up to `batch` shop days that have no current row: today and tomorrow in each
 * active shop's zone. Each row holds, for every featured service of the shop (shop_agenda.featured: of each category,
 * and its own), every slot of the day; it carries the agenda version its statement read with them, so a change
 * committed meanwhile leaves it unused. Returns how many rows it wrote. Also drops the days already past.
 */
export async function keepFreeDays(db: Executor, options: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = sql`${(options.now ?? new Date()).toISOString()}::timestamptz`;
  const batch = options.batch ?? 500;
  await db.execute(sql`delete from shop_free_days f using barbershops b
    where b.id = f.barbershop_id and f.day < (${now} at time zone b.timezone)::date`);
  const written = rowsOf(
    await db.execute(sql`with due as (
        select b.id, d.day, coalesce(v.version, 0) as version, coalesce(v.featured, '{}'::jsonb) as featured
          from barbershops b
          cross join lateral (select (${now} at time zone b.timezone)::date + i as day from generate_series(0, ${KEPT_DAYS - 1}) i) d
          left join shop_agenda v on v.barbershop_id = b.id
         where b.is_active and not exists (
           select 1 from shop_free_days k where k.barbershop_id = b.id and k.day = d.day and k.version = coalesce(v.version, 0))
         limit ${batch}
      )
      insert into shop_free_days (barbershop_id, day, version, slots)
      select due.id, due.day, due.version, coalesce((
          select jsonb_object_agg(sv.id::text, (
              select coalesce(jsonb_agg(jsonb_build_array(q.minute, q.barber) order by q.minute), '[]'::jsonb)
                from (select ${localMinute(sql`a.slot`)} as minute, case when count(*) = 1 then min(a.barber_id) else 0 end as barber
                        from (${ALL_SLOTS}) a group by a.slot) q))
            from (select s.id, s.duration_minutes from services s
                   where s.barbershop_id = b.id and s.id in (select e.value::int from jsonb_each_text(due.featured) e)) sv
        ), '{}'::jsonb)
        from due
        join barbershops b on b.id = due.id
        cross join lateral (select due.day as day, extract(dow from due.day)::int as dow) d
      on conflict (barbershop_id, day) do update set version = excluded.version, slots = excluded.slots, computed_at = now()
      returning 1`),
  );
  return written.length;
}
