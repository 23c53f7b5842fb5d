import "server-only";
import { and, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { guestScope } from "@/lib/server/appointments/create";
import type { Executor } from "@/lib/server/db/client";
import {
  agendaChanges,
  appointmentMoves,
  appointments,
  clientNotes,
  idempotencyKeys,
  oneTimeSecrets,
  outbox,
  passwordResetTokens,
  rateLimits,
  sessions,
  verifiedPhones,
  waitlist,
  whatsappConsents,
} from "@/lib/server/db/schema";
import { phoneForms } from "@/lib/server/notifications/whatsapp";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { escapeLike } from "@/lib/server/shops/name-words";

// How long the site keeps what it writes for its own workings (docs/decisions/0014).
const HOUR_MS = 60 * 60 * 1000;
export const RETENTION = {
  /** Every message row, whatever its status. */
  outboxMs: 7 * 24 * HOUR_MS,
  /** A retried booking comes back within minutes; the key holds the guest's name and phone. */
  idempotencyKeysMs: 24 * HOUR_MS,
  /** Used or expired reset tokens, codes and links (a day to read what happened in the logs' time frame). */
  resetTokensMs: 24 * HOUR_MS,
  /**
   * A guest's name, phone and notes on a booking, counted from the visit's end (decision 0043): long enough for the
   * shop to know a returning client and to answer a dispute; the row, its times, services and totals stay for the
   * shop's figures.
   */
  guestBookingsMs: 730 * 24 * HOUR_MS,
  /**
   * A WhatsApp consent (a yes, the last message to the shop's number) with nothing newer: forgotten after as long as
   * a guest's booking. A PARAR / STOP is kept for good, as the hash and its date alone (decision 0047).
   */
  whatsappConsentsMs: 730 * 24 * HOUR_MS,
  /** The moves of a booking: a day counts for the move limit; a second day to read what happened. */
  appointmentMovesMs: 48 * HOUR_MS,
  /** A shop's agenda changes: what an agenda that reconnects replays (older: it refetches everything). */
  agendaChangesMs: 24 * HOUR_MS,
} as const;

/** The name an anonymised booking (or an erased account's) is shown with. */
export const ANONYMOUS_CLIENT_NAME = "Cliente removido";
/** Old guest bookings anonymised in one statement; the rest wait for the next run. */
const GUEST_BOOKINGS_BATCH = 1000;

export const EXPIRED_BODY = "[expired; content removed]";

export type PurgeCounts = {
  outboxDeleted: number;
  outboxEmptied: number;
  idempotencyKeys: number;
  rateLimits: number;
  resetTokens: number;
  oneTimeSecrets: number;
  verifiedPhones: number;
  sessions: number;
  waitlist: number;
  guestBookings: number;
  appointmentMoves: number;
  whatsappConsents: number;
  agendaChanges: number;
  clientNotes: number;
};

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Deletes or empties what has outlived its use. Cheap (a few indexed or small-table statements) and safe to repeat. */
export async function purgeExpiredData(db: Executor, now: Date): Promise<PurgeCounts> {
  // A reminder written weeks ahead is kept until a week after its own moment.
  const outboxDeleted = await db
    .delete(outbox)
    .where(and(lt(outbox.createdAt, ago(now, RETENTION.outboxMs)), lt(outbox.sendAfter, ago(now, RETENTION.outboxMs))))
    .returning({ id: outbox.id });
  // An undelivered message (unsent without a transport, failed, stuck) keeps its link only while it works.
  const outboxEmptied = await db
    .update(outbox)
    .set({ body: EXPIRED_BODY, payload: null })
    .where(and(ne(outbox.status, "sent"), isNotNull(outbox.secretExpiresAt), lte(outbox.secretExpiresAt, now), ne(outbox.body, EXPIRED_BODY)))
    .returning({ id: outbox.id });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, ago(now, RETENTION.idempotencyKeysMs)))
    .returning({ key: idempotencyKeys.key });
  // An expired counter counts as zero for the limiter, so deleting it changes no limit.
  const limits = await db.delete(rateLimits).where(lte(rateLimits.expire, now)).returning({ key: rateLimits.key });
  const dayAgo = ago(now, RETENTION.resetTokensMs);
  const tokens = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.usedAt, dayAgo), lt(passwordResetTokens.expiresAt, dayAgo)))
    .returning({ id: passwordResetTokens.id });
  const secrets = await db
    .delete(oneTimeSecrets)
    .where(or(lt(oneTimeSecrets.usedAt, dayAgo), lt(oneTimeSecrets.expiresAt, dayAgo)))
    .returning({ id: oneTimeSecrets.id });
  const phones = await db.delete(verifiedPhones).where(lte(verifiedPhones.expiresAt, now)).returning({ hash: verifiedPhones.phoneHash });
  // A session past its absolute end or signed out a day ago can never be used again.
  const ended = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lt(sessions.revokedAt, dayAgo)))
    .returning({ id: sessions.id });
  // A waitlist entry to be told about a day that has passed everywhere (two days back covers every zone's today).
  const waitlistEntries = await db
    .delete(waitlist)
    .where(
      lt(
        waitlist.day,
        ago(now, 48 * HOUR_MS)
          .toISOString()
          .slice(0, 10),
      ),
    )
    .returning({ id: waitlist.id });
  // Guest bookings whose visit ended 24 months ago keep their row and times, without who came.
  const oldGuests = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(isNull(appointments.clientId), isNotNull(appointments.clientPhone), lt(appointments.endsAt, ago(now, RETENTION.guestBookingsMs))))
    .limit(GUEST_BOOKINGS_BATCH);
  const guests = await db
    .update(appointments)
    .set({ clientName: ANONYMOUS_CLIENT_NAME, clientPhone: null, clientEmail: null, notes: null, manageTokenHash: null })
    .where(inArray(appointments.id, oldGuests))
    .returning({ id: appointments.id });
  const moves = await db
    .delete(appointmentMoves)
    .where(lt(appointmentMoves.movedAt, ago(now, RETENTION.appointmentMovesMs)))
    .returning({ id: appointmentMoves.id });
  const consents = await forgetOldConsents(db, ago(now, RETENTION.whatsappConsentsMs));
  const changes = await db
    .delete(agendaChanges)
    .where(lt(agendaChanges.at, ago(now, RETENTION.agendaChangesMs)))
    .returning({ seq: agendaChanges.seq });
  // Staff notes about a client who has not come to the shop for as long as a guest's booking names him (decision 0058),
  // and about a guest whose bookings there by his phone are all that old: they went nameless above (decision 0068).
  const notes = await db
    .delete(clientNotes)
    .where(
      sql`not exists (select 1 from ${appointments} a where a.barbershop_id = ${clientNotes.barbershopId}
        and (a.client_id = ${clientNotes.clientId} or (a.client_id is null and a.client_phone = ${clientNotes.guestPhone}))
        and a.ends_at >= ${ago(now, RETENTION.guestBookingsMs).toISOString()}::timestamptz)`,
    )
    .returning({ id: clientNotes.id });
  return {
    outboxDeleted: outboxDeleted.length,
    outboxEmptied: outboxEmptied.length,
    idempotencyKeys: keys.length,
    rateLimits: limits.length,
    resetTokens: tokens.length,
    oneTimeSecrets: secrets.length,
    verifiedPhones: phones.length,
    sessions: ended.length,
    waitlist: waitlistEntries.length,
    guestBookings: guests.length,
    appointmentMoves: moves.length,
    whatsappConsents: consents,
    agendaChanges: changes.length,
    clientNotes: notes.length,
  };
}

/**
 * Consent rows whose newest moment is older than `before`: without an opt-out they go; an opt-out keeps only the
 * number's hash and its date (the yes and the window are forgotten). Answers how many rows were deleted or emptied.
 */
async function forgetOldConsents(db: Executor, before: Date): Promise<number> {
  const epoch = sql`'epoch'::timestamptz`;
  const newest = sql`greatest(coalesce(${whatsappConsents.optedInAt}, ${epoch}), coalesce(${whatsappConsents.lastInboundAt}, ${epoch}))`;
  const old = sql`${newest} < ${before.toISOString()}::timestamptz`;
  const deleted = await db
    .delete(whatsappConsents)
    .where(and(isNull(whatsappConsents.optedOutAt), old))
    .returning({ hash: whatsappConsents.phoneHash });
  const emptied = await db
    .update(whatsappConsents)
    .set({ optedInAt: null, lastInboundAt: null })
    .where(and(isNotNull(whatsappConsents.optedOutAt), or(isNotNull(whatsappConsents.optedInAt), isNotNull(whatsappConsents.lastInboundAt)), old))
    .returning({ hash: whatsappConsents.phoneHash });
  return deleted.length + emptied.length;
}

/**
 * An erased phone's consent: without an opt-out the row goes; an opt-out stays as the hash and its date, so that no
 * WhatsApp message reaches the number again by mistake (a booking made for it by someone else asks anew).
 */
export async function eraseConsent(tx: Executor, phone: string): Promise<void> {
  const key = consentKey(phone);
  await tx.delete(whatsappConsents).where(and(eq(whatsappConsents.phoneHash, key), isNull(whatsappConsents.optedOutAt)));
  await tx.update(whatsappConsents).set({ optedInAt: null, lastInboundAt: null }).where(eq(whatsappConsents.phoneHash, key));
}

/** `%:value` with LIKE's own characters escaped: the rate-limit keys that end with this identifier. */
function endsWithIdentifier(value: string) {
  return `%:${escapeLike(value)}`;
}

/**
 * What an erased account leaves in the site's working tables: its reset tokens and sessions, the messages sent to
 * its e-mail or phone, its WhatsApp consent (an opt-out stays as a hash), its bookings' idempotency keys (as a client, and as a guest with its phone) and
 * the rate-limit counters keyed by its identifiers. Runs inside the erasure's transaction.
 */
export async function eraseAccountTraces(tx: Executor, who: { userId: number; email: string | null; phone: string | null }): Promise<void> {
  const identifiers = [who.email, ...(who.phone ? phoneForms(who.phone) : [])].filter((v): v is string => Boolean(v));
  if (who.phone) await eraseConsent(tx, who.phone);
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, who.userId));
  await tx.delete(sessions).where(eq(sessions.userId, who.userId));
  if (identifiers.length > 0) await tx.delete(outbox).where(inArray(outbox.recipient, identifiers));
  const scopes = [`user:${who.userId}`, ...(who.phone ? [guestScope(who.phone)] : [])];
  await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.scope, scopes));
  const keys = [...identifiers, `user:${who.userId}`].map((id) => sql`${rateLimits.key} like ${endsWithIdentifier(id)}`);
  await tx.delete(rateLimits).where(or(...keys));
}
