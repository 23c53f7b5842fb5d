import "server-only";
import { sql } from "drizzle-orm";
import { REPORT_MAX_DAYS, type TReport, type TReportQuery } from "@/lib/contract/reports";
import type { Executor } from "@/lib/server/db/client";
import { validationFailed } from "@/lib/server/http/errors";
import { rowsOf } from "@/lib/server/shops/cards";
import type { StaffAccess } from "@/lib/server/staff/access";

// The shop's figures over a range of its local days (docs/decisions/0056-reports.md), in one statement that
// PostgreSQL computes whole and answers as JSON. The words:
// - a booking is in the range when it starts on one of its days, in the shop's time zone;
// - a visit is a booking that took place: not cancelled, not marked a no-show, and completed or over by `now`
//   (as effectiveStatus reads it); revenue is the visits' totals, by service the services' prices as booked;
// - open time is each barber's hours of each day (his own for a weekday he has some, else the shop's), less his
//   breaks and blocked time (a shop closure is blocked time); booked time is the part of it that bookings not
//   cancelled take, no-shows included (the time was held); occupancy is booked ÷ open;
// - the no-show rate is no-shows ÷ bookings not cancelled that have started;
// - a client is an account, or a guest by phone; new when none of his visits at the shop came before the range.

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Refuses (400) a range that ends before it starts or is longer than REPORT_MAX_DAYS. */
export function checkRange(query: Pick<TReportQuery, "from" | "to">): void {
  const days = daysBetween(query.from, query.to);
  if (days < 1) throw validationFailed([{ path: "to", message: "on or after from" }], "REPORT_RANGE");
  if (days > REPORT_MAX_DAYS) throw validationFailed([{ path: "to", message: `at most ${REPORT_MAX_DAYS} days after from` }], "REPORT_RANGE");
}

const minutesOf = (m: string) => `(select coalesce(floor(sum(extract(epoch from upper(p) - lower(p))) / 60), 0)::int from unnest(${m}) p)`;
const rate = (num: string, den: string) => `round((${num})::numeric / nullif(${den}, 0), 4)::float8`;
const money = (x: string) => `(${x})::numeric(14, 2)::text`;

/** The shop's report for the range; the caller has checked the member's `reports.view`. */
export async function shopReport(db: Executor, access: StaffAccess, query: Pick<TReportQuery, "from" | "to">, now = new Date()): Promise<TReport> {
  checkRange(query);
  const statement = sql`with span as (
    select b.id as shop_id, b.timezone as tz,
           (${query.from}::date)::timestamp at time zone b.timezone as lo,
           (${query.to}::date + 1)::timestamp at time zone b.timezone as hi,
           ${now.toISOString()}::timestamptz as now
      from barbershops b where b.id = ${access.shopId}
  ),
  days as (
    select g::date as day, extract(dow from g)::int as dow
      from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') g
  ),
  bk as (
    select a.id, a.barber_id, a.client_id, a.client_phone, a.status, a.starts_at, a.ends_at, a.total,
           (a.starts_at at time zone s.tz)::date as day,
           ab.no_show_at is not null as no_show,
           (a.status <> 'cancelled' and ab.no_show_at is null and (a.status = 'completed' or a.ends_at <= s.now)) as visit
      from span s
      join appointments a on a.barbershop_id = s.shop_id and a.starts_at >= s.lo and a.starts_at < s.hi
      left join agenda_bookings ab on ab.appointment_id = a.id
  ),
  crew as (
    select x.id, x.name from barbers x cross join span s
     where x.barbershop_id = s.shop_id and (x.is_active or exists (select 1 from bk where bk.barber_id = x.id))
  ),
  worked as (
    select c.id as barber_id, tstzrange((d.day + h.starts) at time zone s.tz, (d.day + h.ends) at time zone s.tz) as r
      from crew c cross join days d cross join span s
      join barber_hours h on h.barber_id = c.id and h.weekday = d.dow
    union all
    select c.id, tstzrange((d.day + h.opens) at time zone s.tz, (d.day + h.closes) at time zone s.tz)
      from crew c cross join days d cross join span s
      join shop_hours h on h.barbershop_id = s.shop_id and h.weekday = d.dow
     where not exists (select 1 from barber_hours o where o.barber_id = c.id and o.weekday = d.dow)
  ),
  off_time as (
    select c.id as barber_id, tstzrange((d.day + k.starts) at time zone s.tz, (d.day + k.ends) at time zone s.tz) as r
      from crew c cross join days d cross join span s
      join barber_breaks k on k.barber_id = c.id and k.weekday = d.dow
    union all
    select t.barber_id, tstzrange(t.starts_at, t.ends_at)
      from blocked_times t join crew c on c.id = t.barber_id cross join span s
     where t.starts_at < s.hi and t.ends_at > s.lo
  ),
  open_time as (
    select w.barber_id,
           range_agg(w.r) - coalesce((select range_agg(o.r) from off_time o where o.barber_id = w.barber_id), '{}'::tstzmultirange) as m
      from worked w group by w.barber_id
  ),
  held as (
    select o.barber_id, ${sql.raw(minutesOf("o.m"))} as open_minutes,
           ${sql.raw(
             minutesOf(
               "o.m * coalesce((select range_agg(tstzrange(b.starts_at, b.ends_at)) from bk b where b.barber_id = o.barber_id and b.status <> 'cancelled'), '{}'::tstzmultirange)",
             ),
           )} as booked_minutes
      from open_time o
  ),
  per_barber as (
    select c.id, c.name, coalesce(sum(b.total) filter (where b.visit), 0) as revenue, count(b.id) filter (where b.visit)::int as visits,
           coalesce(min(h.booked_minutes), 0) as booked_minutes, coalesce(min(h.open_minutes), 0) as open_minutes
      from crew c left join bk b on b.barber_id = c.id left join held h on h.barber_id = c.id
     group by c.id, c.name
  ),
  per_day as (
    select d.day, coalesce(sum(b.total) filter (where b.visit), 0) as revenue, count(b.id) filter (where b.visit)::int as visits
      from days d left join bk b on b.day = d.day group by d.day
  ),
  per_service as (
    select l.service_id, coalesce(sv.name, min(l.name)) as name, sum(l.price) as revenue, count(*)::int as visits
      from bk b join appointment_services l on l.appointment_id = b.id left join services sv on sv.id = l.service_id
     where b.visit group by l.service_id, sv.name
  ),
  seen as (
    select distinct case when b.client_id is not null then 'u' || b.client_id else 'g' || b.client_phone end as k
      from bk b where b.visit and (b.client_id is not null or b.client_phone is not null)
  ),
  earlier as (
    select distinct case when p.client_id is not null then 'u' || p.client_id else 'g' || p.client_phone end as k
      from span s
      join appointments p on p.barbershop_id = s.shop_id and p.starts_at < s.lo
      left join agenda_bookings pb on pb.appointment_id = p.id
     where p.status <> 'cancelled' and pb.no_show_at is null and (p.status = 'completed' or p.ends_at <= s.now)
       and (p.client_id is not null or p.client_phone is not null)
  )
  select json_build_object(
    'timezone', (select tz from span),
    'totals', json_build_object(
      'revenue', (select ${sql.raw(money("coalesce(sum(total), 0)"))} from bk where visit),
      'visits', (select count(*)::int from bk where visit),
      'bookings', (select count(*)::int from bk where status <> 'cancelled'),
      'cancelled', (select count(*)::int from bk where status = 'cancelled'),
      'no_shows', (select count(*)::int from bk where status <> 'cancelled' and no_show),
      'started', (select count(*)::int from bk cross join span s where bk.status <> 'cancelled' and bk.starts_at <= s.now),
      'no_show_rate', (select ${sql.raw(rate("count(*) filter (where no_show)", "count(*)"))}
                         from bk cross join span s where bk.status <> 'cancelled' and bk.starts_at <= s.now),
      'booked_minutes', (select coalesce(sum(booked_minutes), 0)::int from held),
      'open_minutes', (select coalesce(sum(open_minutes), 0)::int from held),
      'occupancy', (select ${sql.raw(rate("sum(booked_minutes)", "sum(open_minutes)"))} from held),
      'new_clients', (select count(*)::int from seen where k not in (select k from earlier)),
      'returning_clients', (select count(*)::int from seen where k in (select k from earlier))
    ),
    'days', (select coalesce(json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'revenue', ${sql.raw(money("revenue"))}, 'visits', visits) order by day), '[]'::json)
               from per_day),
    'barbers', (select coalesce(json_agg(json_build_object('barber_id', id, 'name', name, 'revenue', ${sql.raw(money("revenue"))}, 'visits', visits,
                  'booked_minutes', booked_minutes, 'open_minutes', open_minutes, 'occupancy', ${sql.raw(rate("booked_minutes", "open_minutes"))})
                  order by revenue desc, name, id), '[]'::json)
                  from per_barber),
    'services', (select coalesce(json_agg(json_build_object('service_id', service_id, 'name', name, 'revenue', ${sql.raw(money("revenue"))}, 'visits', visits)
                   order by revenue desc, name, service_id), '[]'::json)
                   from per_service)
  )::text as report`;
  const [row] = rowsOf(await db.execute(statement)) as { report: string }[];
  const report = JSON.parse(row.report) as Omit<TReport, "from" | "to">;
  return { from: query.from, to: query.to, ...report };
}
