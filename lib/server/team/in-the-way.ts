import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { TBookingInTheWay, TConfirmQuery, TWeeklyRange } from "@/lib/contract/team";
import type { Executor } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/http/errors";
import { rowsOf } from "@/lib/server/shops/cards";

// The bookings a change would leave out (docs/decisions/0049-team-invitations.md): outside new hours, inside a new
// closure or time off, or with a barber who no longer does their service. A change that finds some answers 409 with
// the list and saves nothing, unless the manager chose to keep them (`?confirm=keep`).

/** A booking still to come: not cancelled nor done, starting after now. */
const upcoming = (now: Date) => sql`a.status in ('pending', 'confirmed') and a.starts_at > ${now.toISOString()}::timestamptz`;

/** The ids' bookings as the 409 lists them, in time order. */
export async function describeBookings(db: Executor, ids: number[]): Promise<TBookingInTheWay[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`select a.id, a.starts_at, a.ends_at, a.client_name, x.id as barber_id, x.name as barber_name,
        coalesce((select json_agg(json_build_object('id', s.service_id, 'name', s.name) order by s.service_id)
                    from appointment_services s where s.appointment_id = a.id), '[]'::json) as services
      from appointments a join barbers x on x.id = a.barber_id
      where a.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by a.starts_at, a.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    starts_at: new Date(r.starts_at as string).toISOString(),
    ends_at: new Date(r.ends_at as string).toISOString(),
    barber: { id: Number(r.barber_id), name: String(r.barber_name) },
    client_name: String(r.client_name),
    services: (typeof r.services === "string" ? JSON.parse(r.services) : r.services) as { id: number; name: string }[],
  }));
}

/** Refuses (409 with the list) unless there is none or the manager chose to keep them. */
export async function refuseIfInTheWay(db: Executor, ids: number[], query: TConfirmQuery): Promise<void> {
  if (ids.length === 0 || query.confirm === "keep") return;
  throw new AppError("BOOKINGS_IN_THE_WAY", { extra: { bookings: await describeBookings(db, ids) } });
}

const idsOf = (result: unknown) => rowsOf(result).map((r) => Number(r.id));
const rangesJson = (ranges: { weekday: number; starts: string; ends: string }[]) => JSON.stringify(ranges);

/**
 * Upcoming bookings of the shop (of one barber with `barberId`) that do not lie wholly inside one of `ranges` of
 * their local weekday, or that meet one of `breaks`.
 */
export async function outsideWeekly(
  db: Executor,
  input: { shopId: number; barberId?: number; ranges: TWeeklyRange[]; breaks?: TWeeklyRange[] },
  now = new Date(),
): Promise<number[]> {
  const local = (col: SQL) => sql`(${col} at time zone b.timezone)`;
  const starts = local(sql`a.starts_at`);
  const ends = local(sql`a.ends_at`);
  const result = await db.execute(sql`select a.id
    from appointments a join barbershops b on b.id = a.barbershop_id
    where a.barbershop_id = ${input.shopId} and ${upcoming(now)}
      ${input.barberId === undefined ? sql`` : sql`and a.barber_id = ${input.barberId}`}
      and (
        not exists (
          select 1 from jsonb_to_recordset(${rangesJson(input.ranges)}::jsonb) r(weekday int, starts time, ends time)
          where r.weekday = extract(dow from ${starts})::int
            and ${starts}::date = (${ends} - interval '1 microsecond')::date
            and ${starts}::time >= r.starts and (${ends} - interval '1 microsecond')::time < r.ends)
        or exists (
          select 1 from jsonb_to_recordset(${rangesJson(input.breaks ?? [])}::jsonb) k(weekday int, starts time, ends time)
          where k.weekday = extract(dow from ${starts})::int and ${starts}::time < k.ends and ${ends}::time > k.starts)
      )
    order by a.starts_at`);
  return idsOf(result);
}

/** Upcoming bookings of the barbers (every barber of the shop without `barberId`) that meet [from, to). */
export async function insidePeriod(db: Executor, input: { shopId: number; barberId?: number; from: Date; to: Date }, now = new Date()): Promise<number[]> {
  const result = await db.execute(sql`select a.id from appointments a
    where a.barbershop_id = ${input.shopId} and ${upcoming(now)}
      ${input.barberId === undefined ? sql`` : sql`and a.barber_id = ${input.barberId}`}
      and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(${input.from.toISOString()}::timestamptz, ${input.to.toISOString()}::timestamptz, '[)')
    order by a.starts_at`);
  return idsOf(result);
}

/**
 * Upcoming bookings of the shop with a service done by a barber who would no longer do it: `keeps(barberId,
 * serviceId)` in SQL over a booking's barber `a.barber_id` and service `s.service_id`.
 */
export async function withServiceNotDone(db: Executor, input: { shopId: number; notDone: SQL }, now = new Date()): Promise<number[]> {
  const result = await db.execute(sql`select distinct a.id, a.starts_at from appointments a
      join appointment_services s on s.appointment_id = a.id
    where a.barbershop_id = ${input.shopId} and ${upcoming(now)} and (${input.notDone})
    order by a.starts_at`);
  return idsOf(result);
}

/** Upcoming bookings of one barber. */
export async function upcomingOfBarber(db: Executor, barberId: number, now = new Date()): Promise<number[]> {
  const result = await db.execute(sql`select a.id from appointments a where a.barber_id = ${barberId} and ${upcoming(now)} order by a.starts_at, a.id`);
  return idsOf(result);
}
