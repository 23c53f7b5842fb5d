import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { TExport } from "@/lib/contract/account";
import { toUser, type UserRow } from "@/lib/server/auth/users";
import type { Db } from "@/lib/server/db/client";
import type { Tx } from "@/lib/server/db/client";
import {
  addresses,
  appointments,
  barbers,
  barbershops,
  clientNotes,
  favorites,
  outbox,
  reviews,
  sessions,
  users,
  waitlist,
  whatsappConsents,
} from "@/lib/server/db/schema";
import { dropPendingMessages } from "@/lib/server/notifications/outbox";
import { phoneForms } from "@/lib/server/notifications/whatsapp";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { notifyWaitlist } from "@/lib/server/waitlist/waitlist";
import { enqueueStaffAlerts } from "@/lib/server/alerts/enqueue";
import { hydrateAppointments } from "@/lib/server/appointments/read";
import { ANONYMOUS_CLIENT_NAME, eraseAccountTraces } from "@/lib/server/retention/purge";
import { assertPassword } from "./profile";
import { toAddress } from "./addresses";
import { removeStoredFile } from "@/lib/server/uploads/storage";

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** What an exported message shows instead of a code or link that still works (a stolen session must not read one). */
export const WITHHELD_BODY = "[carries a code or link that still works; not exported]";

/** LGPD access right: everything the site keeps about the client, as one JSON document. */
export async function exportUserData(db: Db, me: UserRow, now = new Date()): Promise<TExport> {
  // The phone in both of its ninth-digit forms: a message may have gone to either.
  const contacts = [me.email, ...(me.phone ? phoneForms(me.phone) : [])].filter((c): c is string => Boolean(c));
  const [addressRows, favoriteRows, appointmentRows, reviewRows, waitlistRows, messageRows, consentRows, sessionRows, noteRows] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, me.id)).orderBy(asc(addresses.id)),
    db
      .select({ barbershop_id: favorites.barbershopId, name: barbershops.name, slug: barbershops.slug, created_at: favorites.createdAt })
      .from(favorites)
      .innerJoin(barbershops, eq(barbershops.id, favorites.barbershopId))
      .where(eq(favorites.userId, me.id))
      .orderBy(asc(favorites.createdAt)),
    db
      .select({
        id: appointments.id,
        barbershop: barbershops.name,
        barber: barbers.name,
        status: appointments.status,
        starts_at: appointments.startsAt,
        ends_at: appointments.endsAt,
        total: appointments.total,
        client_name: appointments.clientName,
        client_phone: appointments.clientPhone,
        services: sql<
          string[]
        >`coalesce((select array_agg(s.name order by s.name) from appointment_services s where s.appointment_id = ${appointments.id}), '{}'::text[])`,
      })
      .from(appointments)
      .innerJoin(barbershops, eq(barbershops.id, appointments.barbershopId))
      .innerJoin(barbers, eq(barbers.id, appointments.barberId))
      .where(eq(appointments.clientId, me.id))
      .orderBy(asc(appointments.startsAt)),
    db.select().from(reviews).where(eq(reviews.clientId, me.id)).orderBy(asc(reviews.id)),
    db
      .select({ w: waitlist, barbershop: barbershops.name })
      .from(waitlist)
      .innerJoin(barbershops, eq(barbershops.id, waitlist.barbershopId))
      .where(eq(waitlist.userId, me.id))
      .orderBy(asc(waitlist.day), asc(waitlist.id)),
    // The messages sent (or waiting to go) to the account's e-mail or phone, as long as the outbox keeps them.
    contacts.length ? db.select().from(outbox).where(inArray(outbox.recipient, contacts)).orderBy(asc(outbox.createdAt), asc(outbox.id)) : Promise.resolve([]),
    me.phone
      ? db
          .select()
          .from(whatsappConsents)
          .where(eq(whatsappConsents.phoneHash, consentKey(me.phone)))
      : Promise.resolve([]),
    db.select().from(sessions).where(eq(sessions.userId, me.id)).orderBy(asc(sessions.createdAt)),
    // What the staff of each shop wrote about the client (decision 0058).
    db
      .select({ n: clientNotes, barbershop: barbershops.name })
      .from(clientNotes)
      .innerJoin(barbershops, eq(barbershops.id, clientNotes.barbershopId))
      .where(eq(clientNotes.clientId, me.id))
      .orderBy(asc(clientNotes.createdAt), asc(clientNotes.id)),
  ]);
  const isoOrNull = (d: Date | null) => (d ? iso(d) : null);
  return {
    exported_at: new Date().toISOString(),
    user: { ...toUser(me), created_at: iso(me.createdAt) },
    addresses: addressRows.map(toAddress),
    favorites: favoriteRows.map((f) => ({ ...f, created_at: iso(f.created_at) })),
    appointments: appointmentRows.map((a) => ({ ...a, starts_at: iso(a.starts_at), ends_at: iso(a.ends_at), services: a.services ?? [] })),
    reviews: reviewRows.map((r) => ({
      id: r.id,
      appointment_id: r.appointmentId,
      rating: r.rating,
      comment: r.comment,
      created_at: iso(r.createdAt),
      answer: r.answer,
      answered_at: r.answeredAt ? iso(r.answeredAt) : null,
    })),
    client_notes: noteRows.map(({ n, barbershop }) => ({
      barbershop,
      text: n.text,
      author: n.authorName,
      created_at: iso(n.createdAt),
      updated_at: isoOrNull(n.updatedAt),
    })),
    waitlist: waitlistRows.map(({ w, barbershop }) => ({
      barbershop,
      date: w.day,
      barber_id: w.barberId,
      service_ids: w.serviceIds,
      periods: w.periods,
      created_at: iso(w.createdAt),
      notified_at: w.notifiedAt ? iso(w.notifiedAt) : null,
    })),
    sessions: sessionRows.map((s) => ({ created_at: iso(s.createdAt), expires_at: iso(s.expiresAt), revoked_at: isoOrNull(s.revokedAt) })),
    whatsapp_consent: consentRows[0]
      ? {
          opted_in_at: isoOrNull(consentRows[0].optedInAt),
          opted_out_at: isoOrNull(consentRows[0].optedOutAt),
          last_inbound_at: isoOrNull(consentRows[0].lastInboundAt),
        }
      : null,
    messages: messageRows.map((m) => ({
      channel: m.channel,
      recipient: m.recipient,
      kind: m.kind,
      subject: m.subject,
      body: m.secretExpiresAt && m.secretExpiresAt > now ? WITHHELD_BODY : m.body,
      status: m.status,
      created_at: iso(m.createdAt),
      sent_at: m.sentAt ? iso(m.sentAt) : null,
    })),
  };
}

export const REMOVED_CLIENT_NAME = ANONYMOUS_CLIENT_NAME;

/**
 * The account's bookings that have not started are cancelled (nobody will come): their times are free again,
 * their reminders dropped, and whoever waits for those days is told, as when a client cancels (decision 0043).
 * Answers the cancelled bookings' ids.
 */
async function cancelUpcomingBookings(tx: Tx, userId: number, now: Date): Promise<number[]> {
  const upcoming = await tx
    .select({
      id: appointments.id,
      shopId: appointments.barbershopId,
      barberId: appointments.barberId,
      startsAt: appointments.startsAt,
      timezone: barbershops.timezone,
    })
    .from(appointments)
    .innerJoin(barbershops, eq(barbershops.id, appointments.barbershopId))
    .where(and(eq(appointments.clientId, userId), inArray(appointments.status, ["pending", "confirmed"]), gt(appointments.startsAt, now)))
    .orderBy(asc(appointments.startsAt))
    .for("update", { of: appointments });
  if (upcoming.length === 0) return [];
  await tx
    .update(appointments)
    .set({ status: "cancelled", cancelledAt: now, icsSequence: sql`${appointments.icsSequence} + 1` })
    .where(
      inArray(
        appointments.id,
        upcoming.map((a) => a.id),
      ),
    );
  for (const a of upcoming) {
    await dropPendingMessages(tx, a.id, ["reminder", "confirmation", "rescheduled", "review-request"]);
    await notifyWaitlist(tx, { shopId: a.shopId, barberId: a.barberId, startsAt: a.startsAt, timezone: a.timezone, clientId: userId }, now);
  }
  return upcoming.map((a) => a.id);
}

/**
 * The shop hears of each booking the erasure cancelled, as of any client's cancellation (decision 0052): the barber
 * concerned and those who hear of the whole shop, by their own channels. Written once the bookings are anonymous,
 * so the alerts name the removed client as the agenda does, never the person erased.
 */
async function alertShopsOfCancellations(tx: Tx, ids: number[], userId: number, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.select().from(appointments).where(inArray(appointments.id, ids)).orderBy(asc(appointments.startsAt));
  const hydrated = await hydrateAppointments(tx, rows, { now });
  for (const [i, a] of hydrated.entries()) {
    await enqueueStaffAlerts(tx, a, { event: "cancelled", actorUserId: userId, sequence: rows[i].icsSequence }, now);
  }
}

/**
 * LGPD erasure: personal data is removed (with the tokens, messages, booking keys and rate-limit
 * counters that name the person), bookings that have not started are cancelled (their times freed and
 * the waitlist told), past appointments and reviews stay for the shop without the person's identity,
 * and every session ends (token version bumped, deleted_at set). All in one transaction.
 */
export async function deleteAccount(db: Db, me: UserRow, password: string, now = new Date()): Promise<void> {
  await assertPassword(me, password);
  await db.transaction(async (tx) => {
    const cancelled = await cancelUpcomingBookings(tx, me.id, now);
    await tx.delete(addresses).where(eq(addresses.userId, me.id));
    await tx.delete(favorites).where(eq(favorites.userId, me.id));
    await tx.delete(waitlist).where(eq(waitlist.userId, me.id));
    await tx.delete(clientNotes).where(eq(clientNotes.clientId, me.id));
    await eraseAccountTraces(tx, { userId: me.id, email: me.email, phone: me.phone });
    await tx
      .update(appointments)
      .set({ clientId: null, clientName: REMOVED_CLIENT_NAME, clientPhone: null, notes: null })
      .where(eq(appointments.clientId, me.id));
    await alertShopsOfCancellations(tx, cancelled, me.id, now);
    await tx.update(reviews).set({ clientId: null, clientName: REMOVED_CLIENT_NAME }).where(eq(reviews.clientId, me.id));
    await tx
      .update(users)
      .set({
        name: REMOVED_CLIENT_NAME,
        email: null,
        phone: null,
        birthDate: null,
        avatarUrl: null,
        passwordHash: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, me.id));
  });
  if (me.avatarUrl) await removeStoredFile(me.avatarUrl);
}
