import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { TAgenda, TAgendaBlock, TAgendaBooking, TAgendaQuery } from "@/lib/contract/agenda";
import type { WeeklyRange } from "@/lib/server/availability/free-times";
import { workingRanges } from "@/lib/server/availability/free-times";
import { addDays, minutesToHour, toWallClock, toZonedIso, weekdayOf } from "@/lib/server/availability/zoned-time";
import { executePrepared } from "@/lib/server/availability/load";
import type { Executor } from "@/lib/server/db/client";
import { rowsOf } from "@/lib/server/shops/cards";
import { barberOfShop, isOwnBarber, requirePermission, type StaffAccess } from "@/lib/server/staff/access";
import { phoneFor, scopeOf } from "@/lib/server/staff/permissions";

// The shop's agenda as its staff read it (docs/decisions/0050-agenda.md): the columns of the barbers the member may
// see, their hours and breaks of each day, the bookings and blocks of the range, in the shop's time zone. A barber
// gets his own column only: nothing of a colleague's bookings or clients leaves the server.

type BookingRow = {
  id: number;
  /** The shop's wall clock of the start and end ("YYYY-MM-DD HH:MI") and their offsets in minutes, from SQL. */
  s_local: string;
  s_off: number;
  e_local: string;
  e_off: number;
  status: TAgendaBooking["status"];
  barber_id: number;
  client_id: number | null;
  client_name: string;
  client_phone: string | null;
  total: string;
  notes: string | null;
  source: string | null;
  arrived_at: string | Date | null;
  no_show_at: string | Date | null;
  cancel_reason: string | null;
  no_shows: number;
  services: TAgendaBooking["services"] | string;
  add_ons: TAgendaBooking["add_ons"] | string;
};

const parsed = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
const hhmm = (t: string) => t.slice(0, 5);

/** The columns' barbers: every active one (or the one asked for) under an "all" scope, the member's own under "own". */
async function barbersShown(db: Executor, access: StaffAccess, barberId: number | undefined): Promise<number[] | null> {
  if (barberId !== undefined) {
    await barberOfShop(db, access, barberId);
    requirePermission(access, "bookings.view", { isOwn: isOwnBarber(access, barberId) });
    return [barberId];
  }
  if (scopeOf(access.roles, "bookings.view") === "all") return null;
  return access.barberId === null ? [] : [access.barberId];
}

const offsetText = (off: number) => {
  const abs = Math.abs(Number(off));
  return `${off < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};
/** ISO 8601 with the shop's offset, from the wall clock and offset SQL computed (no Intl call per booking). */
const zonedIso = (local: string, off: number) => `${local.slice(0, 10)}T${local.slice(11, 16)}:00${offsetText(off)}`;

/** The booking of a row, the client's phone as the reader's roles allow. */
export function toAgendaBooking(access: StaffAccess, r: BookingRow): TAgendaBooking {
  return {
    id: r.id,
    status: r.status,
    mark: r.no_show_at ? "no_show" : r.arrived_at ? "arrived" : null,
    starts_at: zonedIso(r.s_local, r.s_off),
    ends_at: zonedIso(r.e_local, r.e_off),
    date: r.s_local.slice(0, 10),
    start_hour: r.s_local.slice(11, 16),
    end_hour: r.e_local.slice(11, 16),
    barber_id: r.barber_id,
    source: r.source === "front_desk" ? "front_desk" : r.client_id === null ? "guest" : "site",
    client: {
      id: r.client_id,
      name: r.client_name,
      phone: phoneFor(access.roles, "clients.phone", r.client_phone, { isOwn: isOwnBarber(access, r.barber_id) }),
      no_shows: Number(r.no_shows),
    },
    services: parsed(r.services),
    add_ons: parsed(r.add_ons),
    total: r.total,
    notes: r.notes,
    cancel_reason: r.cancel_reason,
  };
}

/** The select of an agenda booking: the appointment, its lines, what the shop added, the client's no-shows there. */
export const bookingSelect = (tz: string | SQL) => sql`select a.id, a.status, a.barber_id, a.client_id, a.client_name, a.client_phone,
    to_char(a.starts_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as s_local,
    (extract(epoch from (a.starts_at at time zone ${tz}) - (a.starts_at at time zone 'UTC')) / 60)::int as s_off,
    to_char(a.ends_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as e_local,
    (extract(epoch from (a.ends_at at time zone ${tz}) - (a.ends_at at time zone 'UTC')) / 60)::int as e_off,
    a.total::text as total, a.notes, ab.source, ab.arrived_at, ab.no_show_at, ab.cancel_reason,
    (select count(*)::int from agenda_bookings n join appointments p on p.id = n.appointment_id
      where n.barbershop_id = a.barbershop_id and n.no_show_at is not null
        and (p.client_id = a.client_id or (a.client_id is null and p.client_id is null and p.client_phone = a.client_phone))) as no_shows,
    coalesce((select json_agg(json_build_object('name', s.name, 'duration_minutes', s.duration_minutes, 'price', s.price::text) order by s.service_id)
      from appointment_services s where s.appointment_id = a.id), '[]'::json) as services,
    coalesce((select json_agg(json_build_object('name', p.name, 'quantity', p.quantity, 'price', p.price::text) order by p.product_id)
      from appointment_products p where p.appointment_id = a.id), '[]'::json) as add_ons
  from appointments a left join agenda_bookings ab on ab.appointment_id = a.id`;

/** One booking of the shop as the agenda shows it. */
export async function readAgendaBooking(db: Executor, access: StaffAccess, bookingId: number): Promise<TAgendaBooking> {
  const [shop] = rowsOf(await db.execute(sql`select timezone from barbershops where id = ${access.shopId}`)) as { timezone: string }[];
  const [row] = rowsOf(await db.execute(sql`${bookingSelect(shop.timezone)} where a.id = ${bookingId} and a.barbershop_id = ${access.shopId}`)) as BookingRow[];
  return toAgendaBooking(access, row);
}

type HourRow = { weekday: number; s: string; e: string };
/** The day as its statement reads it, before the reader's roles shape it. */
type DayRows = {
  timezone: string;
  step: number;
  last_seq: number;
  version: number;
  day_version: number;
  date: string;
  barbers: { id: number; name: string; avatar_url: string | null }[];
  shop_hours: HourRow[];
  own_hours: (HourRow & { barber_id: number })[];
  breaks: (HourRow & { barber_id: number })[];
  bookings: BookingRow[];
  blocks: { id: number; barber_id: number; starts_at: string; ends_at: string; reason: string | null }[];
  services: { id: number; name: string; duration_minutes: number; price: string }[];
};

/**
 * Days read, kept per database while the shop's agenda version and day version hold (decision 0066): every change
 * of what a day shows raises one of them in its own transaction, and every open agenda of the shop asks for its day
 * again at each change, so one read serves them all. Each kept day also keeps its answers, one per way of seeing it
 * (the reader's roles and own column), without the clock. At most KEPT_MAX days, the least recently read go first.
 */
type KeptDay = { version: number; dayVersion: number; rows: DayRows; answers: Map<string, Buffer> };
const KEPT_MAX = 256;
/** Per database: the days kept, and the reads under way (by day and versions) that requests arriving meanwhile share. */
type DaysOfDb = { kept: Map<string, KeptDay>; reading: Map<string, Promise<KeptDay>> };
const daysOfDbs = new WeakMap<object, DaysOfDb>();

function daysOf(db: Executor): DaysOfDb {
  let days = daysOfDbs.get(db);
  if (!days) daysOfDbs.set(db, (days = { kept: new Map(), reading: new Map() }));
  return days;
}

function keep(kept: Map<string, KeptDay>, key: string, day: KeptDay) {
  kept.delete(key);
  kept.set(key, day);
  // The oldest first: a Map iterates in insertion order, and a day read again is put back at the end.
  while (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
}

/** The barbers' filter of the statements: every active one, or those listed. */
function barberFilterOf(shown: number[] | null): SQL {
  if (shown === null) return sql``;
  if (shown.length === 0) return sql`and false`;
  return sql`and x.id in (${sql.join(
    shown.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The shop `b`'s two versions, which a kept day is compared by: what frees or takes time, and every agenda change. */
const AGENDA_VERSION = sql`coalesce((select v.version from shop_agenda v where v.barbershop_id = b.id), 0)::bigint`;
const DAY_VERSION = sql`coalesce((select w.version from agenda_versions w where w.barbershop_id = b.id), 0)::bigint`;

/** The whole day in one statement, its JSON built by PostgreSQL (decision 0057). */
async function readDay(db: Executor, shopId: number, date: string, days: number, barberFilter: SQL): Promise<DayRows> {
  // One round trip on one connection instead of eight statements holding up to seven of the pool's connections at
  // once. The last change and both versions are read in the same snapshot as the rest, so whatever happens after it
  // is replayed by the stream, and raises a version the next read compares. The range's bounds are in the shop's
  // zone, so that the (barbershop_id, starts_at) index serves the bookings.
  const [row] = (await executePrepared(
    db,
    sql`with head as (
        select b.id, b.timezone as tz, b.agenda_time_interval as step,
          coalesce((select max(c.seq) from agenda_changes c where c.barbershop_id = b.id), 0)::bigint as last_seq,
          ${AGENDA_VERSION} as version, ${DAY_VERSION} as day_version,
          ${date}::date as d
        from barbershops b where b.id = ${shopId}
      ), span as (
        select head.*, (head.d::timestamp at time zone head.tz) as r_from, ((head.d + ${days}::int)::timestamp at time zone head.tz) as r_to from head
      )
      select json_build_object(
        'timezone', span.tz, 'step', span.step, 'last_seq', span.last_seq, 'version', span.version, 'day_version', span.day_version,
        'date', to_char(span.d, 'YYYY-MM-DD'),
        'barbers', (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'avatar_url', x.avatar_url) order by x.name, x.id), '[]')
          from barbers x where x.barbershop_id = span.id and x.is_active ${barberFilter}),
        'shop_hours', (select coalesce(json_agg(json_build_object('weekday', o.weekday, 's', o.opens::text, 'e', o.closes::text)), '[]')
          from shop_hours o where o.barbershop_id = span.id),
        'own_hours', (select coalesce(json_agg(json_build_object('barber_id', w.barber_id, 'weekday', w.weekday, 's', w.starts::text, 'e', w.ends::text)), '[]')
          from barber_hours w join barbers x on x.id = w.barber_id where x.barbershop_id = span.id ${barberFilter}),
        'breaks', (select coalesce(json_agg(json_build_object('barber_id', k.barber_id, 'weekday', k.weekday, 's', k.starts::text, 'e', k.ends::text) order by k.starts), '[]')
          from barber_breaks k join barbers x on x.id = k.barber_id where x.barbershop_id = span.id ${barberFilter}),
        'bookings', (select coalesce(json_agg(q order by q.s_local, q.barber_id, q.id), '[]') from (${bookingSelect(sql`span.tz`)} join barbers x on x.id = a.barber_id
          where a.barbershop_id = span.id and a.starts_at >= span.r_from and a.starts_at < span.r_to ${barberFilter}) q),
        'blocks', (select coalesce(json_agg(json_build_object('id', t.id, 'barber_id', t.barber_id, 'starts_at', t.starts_at, 'ends_at', t.ends_at, 'reason', t.reason)
            order by t.starts_at, t.barber_id, t.id), '[]')
          from blocked_times t join barbers x on x.id = t.barber_id
          where x.barbershop_id = span.id and t.starts_at < span.r_to and t.ends_at > span.r_from ${barberFilter}),
        'services', (select coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'duration_minutes', v.duration_minutes, 'price', v.price::text) order by v.name, v.id), '[]')
          from services v where v.barbershop_id = span.id and v.is_active)
      )::text as agenda
      from span`,
  )) as { agenda: string }[];
  return JSON.parse(row.agenda) as DayRows;
}

/** The agenda of the day rows, as the reader's roles show it; `now` is left to the caller. */
function agendaOf(access: StaffAccess, day: DayRows, days: number): Omit<TAgenda, "now"> {
  const tz = day.timezone;
  const date = day.date;
  const dates = Array.from({ length: days }, (_, i) => addDays(date, i));
  const range = (r: HourRow): WeeklyRange => ({ weekday: Number(r.weekday), start: hhmm(r.s), end: hhmm(r.e) });
  const shopHours = day.shop_hours.map(range);
  const columns = day.barbers.map((b) => {
    const hours = day.own_hours.filter((h) => h.barber_id === b.id).map(range);
    const pauses = day.breaks.filter((k) => k.barber_id === b.id).map(range);
    return {
      barber: { id: b.id, name: b.name, avatar_url: b.avatar_url },
      days: dates.map((date) => ({
        date,
        hours: workingRanges(date, hours, shopHours).map((r) => ({ start: minutesToHour(r.start), end: minutesToHour(r.end) })),
        breaks: pauses.filter((p) => p.weekday === weekdayOf(date)).map((p) => ({ start: p.start, end: p.end })),
      })),
    };
  });
  const blocks: TAgendaBlock[] = day.blocks.map((t) => {
    const s = toWallClock(new Date(t.starts_at), tz);
    return {
      id: t.id,
      barber_id: t.barber_id,
      starts_at: toZonedIso(new Date(t.starts_at), tz),
      ends_at: toZonedIso(new Date(t.ends_at), tz),
      date: s.date,
      start_hour: minutesToHour(s.minutes),
      end_hour: minutesToHour(toWallClock(new Date(t.ends_at), tz).minutes),
      reason: t.reason,
    };
  });
  return {
    date,
    days,
    timezone: tz,
    step_minutes: Number(day.step),
    last_seq: Number(day.last_seq),
    columns,
    bookings: day.bookings.map((r) => toAgendaBooking(access, r)),
    blocks,
    services: day.services.map((s) => ({ ...s, duration_minutes: Number(s.duration_minutes) })),
  };
}

/** What a read of the day asks first: the shop's two versions, and the date when none is given. */
export type AgendaHead = { version: number | string; day_version: number | string; d: string };
export const agendaHead = (shopId: number, date: string | undefined, now: Date): SQL =>
  sql`select json_build_object(
      'version', ${AGENDA_VERSION}, 'day_version', ${DAY_VERSION},
      'd', to_char(coalesce(${date ?? null}::date, (${now.toISOString()}::timestamptz at time zone b.timezone)::date), 'YYYY-MM-DD'))
    from barbershops b where b.id = ${shopId}`;

/**
 * The agenda's answer as JSON (UTF-8 bytes, kept as they are sent). A day kept for this database is used while the
 * shop's two versions are what it was read with (`head`, read with the member's access: requireStaffWith); otherwise
 * it is read again.
 */
export async function getAgendaBody(
  db: Executor,
  access: StaffAccess,
  query: TAgendaQuery,
  head: AgendaHead,
  now = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  const days = query.days ?? 1;
  const shown = await barbersShown(db, access, query.barber_id);
  const shopId = access.shopId;
  const { kept, reading } = daysOf(db);
  const key = `${shopId}|${head.d}|${days}|${shown === null ? "all" : shown.join(",")}`;
  let day = kept.get(key);
  if (!day || day.version !== Number(head.version) || day.dayVersion !== Number(head.day_version)) {
    // Every open agenda asks at once after a change: the requests that found the same versions share one read.
    const flight = `${key}|${head.version}|${head.day_version}`;
    let read = reading.get(flight);
    if (!read) {
      read = readDay(db, shopId, head.d, days, barberFilterOf(shown))
        .then((rows): KeptDay => ({ version: Number(rows.version), dayVersion: Number(rows.day_version), rows, answers: new Map() }))
        .finally(() => reading.delete(flight));
      reading.set(flight, read);
    }
    day = await read;
  }
  keep(kept, key, day);
  // What a reader's roles change in the answer: the phones he may see, by role and own column.
  const way = `${[...access.roles].sort().join(",")}|${access.barberId ?? ""}`;
  let body = day.answers.get(way);
  if (body === undefined) day.answers.set(way, (body = Buffer.from(JSON.stringify(agendaOf(access, day.rows, days)))));
  // The clock first, then the kept answer past its opening brace.
  return Buffer.concat([Buffer.from(`{"now":${JSON.stringify(now.toISOString())},`), body.subarray(1)]) as Uint8Array<ArrayBuffer>;
}
