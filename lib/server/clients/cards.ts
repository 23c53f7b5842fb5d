import "server-only";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { TClientCard, TClientNote, TClients, TClientSummary, TClientVisit } from "@/lib/contract/clients";
import type { Db } from "@/lib/server/db/client";
import { clientNotes, users } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { rowsOf } from "@/lib/server/shops/cards";
import { escapeLike } from "@/lib/server/shops/name-words";
import { clientOfShop, guestOfShop, type StaffAccess } from "@/lib/server/staff/access";
import { can, phoneFor } from "@/lib/server/staff/permissions";

// The shop's clients and their cards (docs/decisions/0058-client-cards-and-notes.md): clients with an account who
// booked at the shop, and guests, the phones that booked there with no account (decision 0068), named by the id of
// one of their bookings at the shop so that a phone never goes into a path. What a reader gets follows decision 0045: a barber finds and opens the clients of his own
// bookings, sees the visits with him only, and a phone where the booking is his; everyone on the team with the
// bookings permission reads and adds notes, and changes or deletes his own.

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());

/** Whether the reader's bookings permission reaches his own only (a barber): then everything is narrowed to them. */
const ownOnly = (access: StaffAccess) => !can(access.roles, "bookings.view", { isOwn: false });
const ownBarber = (access: StaffAccess) => access.barberId ?? 0;

type SummaryRow = { id: number; name: string; phone: string | null; visits: number; no_shows: number; last_visit: Date | string | null; own: boolean };

/** Whose card: an account, or a guest by his phone (E.164). */
type CardOf = { kind: "client"; id: number } | { kind: "guest"; phone: string };

const summaryOf = (access: StaffAccess, r: SummaryRow, guest = false): TClientSummary => ({
  id: Number(r.id),
  guest,
  name: r.name,
  phone: phoneFor(access.roles, "clients.phone", r.phone, { isOwn: Boolean(r.own) }),
  visits: Number(r.visits),
  no_shows: Number(r.no_shows),
  last_visit: iso(r.last_visit),
});

function summarySelect(access: StaffAccess) {
  return sql`select u.id, u.name, u.phone,
      count(*) filter (where a.status <> 'cancelled')::int as visits,
      count(ab.no_show_at)::int as no_shows,
      max(a.starts_at) as last_visit,
      bool_or(a.barber_id = ${ownBarber(access)}) as own
    from appointments a join users u on u.id = a.client_id left join agenda_bookings ab on ab.appointment_id = a.id
    where a.barbershop_id = ${access.shopId} and u.deleted_at is null
      ${ownOnly(access) ? sql`and a.barber_id = ${ownBarber(access)}` : sql``}`;
}

/** The shop's guests: bookings with no account, grouped by phone; the latest booking gives the id and the name. */
function guestSelect(access: StaffAccess) {
  return sql`select (array_agg(a.id order by a.starts_at desc, a.id desc))[1] as id,
      (array_agg(a.client_name order by a.starts_at desc, a.id desc))[1] as name,
      a.client_phone as phone,
      count(*) filter (where a.status <> 'cancelled')::int as visits,
      count(ab.no_show_at)::int as no_shows,
      max(a.starts_at) as last_visit,
      bool_or(a.barber_id = ${ownBarber(access)}) as own
    from appointments a left join agenda_bookings ab on ab.appointment_id = a.id
    where a.barbershop_id = ${access.shopId} and a.client_id is null and a.client_phone is not null
      ${ownOnly(access) ? sql`and a.barber_id = ${ownBarber(access)}` : sql``}`;
}

const byLatest = (a: TClientSummary, b: TClientSummary) =>
  (b.last_visit ?? "").localeCompare(a.last_visit ?? "") || Number(a.guest) - Number(b.guest) || a.id - b.id;

/** The shop's clients whose name or phone holds the text (all of them without one), latest visit first, at most 30. */
export async function listShopClients(db: Db, access: StaffAccess, q: string | undefined): Promise<TClients> {
  const text = (q ?? "").trim();
  const digits = text.replace(/\D/g, "");
  const like = `%${escapeLike(text)}%`;
  const match = text ? sql`and (u.name ilike ${like} ${digits.length >= 4 ? sql`or u.phone like ${`%${digits}%`}` : sql``})` : sql``;
  const guestMatch = text
    ? sql`having bool_or(a.client_name ilike ${like}) ${digits.length >= 4 ? sql`or a.client_phone like ${`%${digits}%`}` : sql``}`
    : sql``;
  const [rows, guests] = await Promise.all([
    db.execute(sql`${summarySelect(access)} ${match}
      group by u.id, u.name, u.phone
      order by last_visit desc, u.id
      limit 30`),
    db.execute(sql`${guestSelect(access)}
      group by a.client_phone ${guestMatch}
      order by last_visit desc, a.client_phone
      limit 30`),
  ]);
  const items = [
    ...(rowsOf(rows) as SummaryRow[]).map((r) => summaryOf(access, r)),
    ...(rowsOf(guests) as SummaryRow[]).map((r) => summaryOf(access, r, true)),
  ];
  return { items: items.sort(byLatest).slice(0, 30) };
}

type VisitRow = {
  id: number;
  starts_at: Date | string;
  local: string;
  status: TClientVisit["status"];
  no_show: boolean;
  barber: string;
  services: string[] | string;
  total: string;
};

/** The account, or the guest named by one of his bookings at the shop, or 403 (none there, none of his own for a barber). */
async function reach(db: Db, access: StaffAccess, key: CardKey): Promise<CardOf> {
  if (key.kind === "client") {
    await clientOfShop(db, access, key.id);
    return key;
  }
  return { kind: "guest", phone: (await guestOfShop(db, access, key.bookingId)).phone };
}

/** Who a card names, for a client (his account's id) or a guest (the id of one of his bookings at the shop). */
export type CardKey = { kind: "client"; id: number } | { kind: "guest-booking"; bookingId: number };

const bookingsOf = (who: CardOf): SQL => (who.kind === "client" ? sql`a.client_id = ${who.id}` : sql`a.client_id is null and a.client_phone = ${who.phone}`);
const notesOf = (who: CardOf) =>
  who.kind === "client" ? eq(clientNotes.clientId, who.id) : and(isNull(clientNotes.clientId), eq(clientNotes.guestPhone, who.phone));

/** One client's or guest's card at the shop, or 403 for one with no booking there (none of his own, for a barber). */
export async function clientCard(db: Db, access: StaffAccess, key: CardKey, now = new Date()): Promise<TClientCard> {
  const who = await reach(db, access, key);
  const [summary] = rowsOf(
    await db.execute(
      who.kind === "client"
        ? sql`${summarySelect(access)} and u.id = ${who.id} group by u.id, u.name, u.phone`
        : sql`${guestSelect(access)} and a.client_phone = ${who.phone} group by a.client_phone`,
    ),
  ) as SummaryRow[];
  if (!summary) throw new AppError("NOT_OF_SHOP", { key: "NOT_OF_SHOP_CLIENT" });
  const visits = rowsOf(
    await db.execute(sql`select a.id, a.starts_at, to_char(a.starts_at at time zone s.timezone, 'YYYY-MM-DD HH24:MI') as local,
        a.status, (ab.no_show_at is not null) as no_show, b.name as barber, a.total::text as total,
        coalesce((select array_agg(x.name order by x.name) from appointment_services x where x.appointment_id = a.id), '{}'::text[]) as services
      from appointments a join barbershops s on s.id = a.barbershop_id join barbers b on b.id = a.barber_id
        left join agenda_bookings ab on ab.appointment_id = a.id
      where a.barbershop_id = ${access.shopId} and ${bookingsOf(who)}
        ${ownOnly(access) ? sql`and a.barber_id = ${ownBarber(access)}` : sql``}
      order by a.starts_at desc
      limit 200`),
  ) as VisitRow[];
  const toVisit = (v: VisitRow): TClientVisit => ({
    id: Number(v.id),
    starts_at: iso(v.starts_at)!,
    local: v.local,
    status: v.status,
    no_show: Boolean(v.no_show),
    barber: v.barber,
    services: typeof v.services === "string" ? (JSON.parse(v.services) as string[]) : v.services,
    total: v.total,
  });
  const upcoming = visits.filter((v) => new Date(v.starts_at) >= now && v.status !== "cancelled" && v.status !== "completed").reverse();
  const past = visits.filter((v) => !upcoming.includes(v)).slice(0, 50);
  const notes = await db
    .select()
    .from(clientNotes)
    .where(and(eq(clientNotes.barbershopId, access.shopId), notesOf(who)))
    .orderBy(sql`${clientNotes.createdAt} desc, ${clientNotes.id} desc`);
  return {
    client: summaryOf(access, summary, who.kind === "guest"),
    upcoming: upcoming.map(toVisit),
    past: past.map(toVisit),
    notes: notes.map((n) => noteOf(access, n)),
  };
}

function noteOf(access: StaffAccess, n: typeof clientNotes.$inferSelect): TClientNote {
  return {
    id: n.id,
    text: n.text,
    author: n.authorName,
    own: n.authorUserId === access.userId,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt ? n.updatedAt.toISOString() : null,
  };
}

/** A staff-only note about one of the shop's clients or guests, signed with the writer's name. */
export async function addClientNote(db: Db, access: StaffAccess, key: CardKey, text: string): Promise<TClientNote> {
  const who = await reach(db, access, key);
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, access.userId)).limit(1);
  const [row] = await db
    .insert(clientNotes)
    .values({
      barbershopId: access.shopId,
      ...(who.kind === "client" ? { clientId: who.id } : { guestPhone: who.phone }),
      authorUserId: access.userId,
      authorName: me?.name ?? "",
      text,
    })
    .returning();
  return noteOf(access, row);
}

/** The reader's own note about the client at this shop, or 403 (another's note, or one of another client or shop). */
async function ownNote(db: Db, access: StaffAccess, key: CardKey, noteId: number) {
  const who = await reach(db, access, key);
  const [row] = await db
    .select()
    .from(clientNotes)
    .where(and(eq(clientNotes.id, noteId), eq(clientNotes.barbershopId, access.shopId), notesOf(who)))
    .limit(1);
  if (!row) throw new AppError("NOT_OF_SHOP", { key: "NOT_OF_SHOP_NOTE" });
  if (row.authorUserId !== access.userId) throw new AppError("NOTE_NOT_OWN");
  return row;
}

export async function editClientNote(db: Db, access: StaffAccess, key: CardKey, noteId: number, text: string, now = new Date()): Promise<TClientNote> {
  const note = await ownNote(db, access, key, noteId);
  const [row] = await db.update(clientNotes).set({ text, updatedAt: now }).where(eq(clientNotes.id, note.id)).returning();
  return noteOf(access, row);
}

export async function deleteClientNote(db: Db, access: StaffAccess, key: CardKey, noteId: number): Promise<void> {
  const note = await ownNote(db, access, key, noteId);
  await db.delete(clientNotes).where(eq(clientNotes.id, note.id));
}
