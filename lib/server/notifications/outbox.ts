import "server-only";
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { type EmailExtras, sendEmail } from "./email";
import { renderMjml } from "./mjml";
import { canShowOutbox } from "./outbox-access";
import { PermanentDeliveryError, type WhatsappTemplate, sendWhatsapp } from "./whatsapp";

/** What a channel needs besides the plain text. */
export type MessagePayload = {
  whatsapp?: WhatsappTemplate;
  /** The e-mail's HTML, or its MJML source, rendered when sent (renderMjml). */
  html?: string;
  mjml?: string;
  ics?: EmailExtras["ics"];
  /** A WhatsApp template's quick-reply labels, for the outbox page. */
  buttons?: { label: string }[];
};

export type OutgoingMessage = {
  channel: "email" | "whatsapp";
  recipient: string;
  subject?: string;
  /** The plain text: the e-mail's text part, the WhatsApp text (or, for a template, what it reads as). */
  body: string;
  /** When the link or code the message carries expires (the purge removes an undelivered body then). */
  secretExpiresAt?: Date;
  appointmentId?: number;
  kind?: string;
  /** One message per key: writing the same key again changes nothing. */
  dedupeKey?: string;
  /** Not before this moment (default: now). */
  sendAfter?: Date;
  payload?: MessagePayload;
};

export const REDACTED = "[delivered; content removed]";
export type OutboxRow = typeof outbox.$inferSelect;

/** Tries, and the wait before the next try: 1, 3, 9 and 27 base units (base 1 min: 5 tries over 40 min). */
export const DELIVERY = { maxAttempts: 5 };
export function retryDelayMs(attempts: number, baseMs = env().MESSAGE_RETRY_BASE_MS): number {
  return baseMs * 3 ** Math.max(0, attempts - 1);
}

export function hasTransport(channel: OutgoingMessage["channel"]): boolean {
  const e = env();
  return channel === "email" ? Boolean(e.SMTP_URL) : Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
}

function rowValues(message: OutgoingMessage, now: Date) {
  return {
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body: message.body,
    status: hasTransport(message.channel) ? "pending" : "unsent",
    secretExpiresAt: message.secretExpiresAt ?? null,
    appointmentId: message.appointmentId ?? null,
    kind: message.kind ?? null,
    dedupeKey: message.dedupeKey ?? null,
    sendAfter: message.sendAfter ?? now,
    payload: message.payload ?? null,
  };
}

/**
 * Writes messages to be sent by the worker, in the caller's transaction: they exist exactly when the
 * change that causes them does. A message whose dedupe key is already written is skipped.
 */
export async function enqueueMessages(tx: Executor, messages: OutgoingMessage[], now = new Date()): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await tx
    .insert(outbox)
    .values(messages.map((m) => rowValues(m, now)))
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.length;
}

/** A message not yet handed to a provider: waiting for its time (or, with no provider set, kept unsent). */
export const notYetSent = () => and(inArray(outbox.status, ["pending", "unsent"]), isNull(outbox.sentAt));

/** Removes the messages of an appointment not yet handed to a provider (e.g. its reminders, on cancellation). */
export async function dropPendingMessages(tx: Executor, appointmentId: number, kinds: string[]): Promise<number> {
  const rows = await tx
    .delete(outbox)
    .where(and(eq(outbox.appointmentId, appointmentId), inArray(outbox.kind, kinds), notYetSent()))
    .returning({ id: outbox.id });
  return rows.length;
}

/** Hands one claimed message to its provider; answers the provider's id of it. */
async function send(row: OutboxRow): Promise<string | null> {
  const payload = (row.payload ?? {}) as MessagePayload;
  if (row.channel === "email") {
    await sendEmail(row.recipient, row.subject ?? "", row.body, {
      html: payload.html ?? (payload.mjml ? await renderMjml(payload.mjml) : undefined),
      ics: payload.ics,
      messageId: row.dedupeKey ? `<${row.dedupeKey.replace(/[^A-Za-z0-9.-]/g, ".")}@navalha.app>` : undefined,
    });
    return null;
  }
  return sendWhatsapp(row.recipient, payload.whatsapp ? { template: payload.whatsapp } : { text: row.body }, `outbox:${row.id}`);
}

/** Records how one try ended: sent (the secret it carried is not kept), tried again later, or failed. */
async function finish(db: Executor, row: OutboxRow, outcome: { providerId: string | null } | { error: unknown }, now: Date): Promise<"sent" | "retry" | "failed"> {
  if ("providerId" in outcome) {
    await db
      .update(outbox)
      .set({ status: "sent", sentAt: now, error: null, body: REDACTED, payload: null, lockedUntil: null, providerId: outcome.providerId, deliveryStatus: "sent" })
      .where(eq(outbox.id, row.id));
    return "sent";
  }
  const err = outcome.error;
  const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  console.error(JSON.stringify({ level: "warn", where: "outbox", id: row.id, channel: row.channel, attempt: row.attempts, msg: error }));
  const final = err instanceof PermanentDeliveryError || row.attempts >= DELIVERY.maxAttempts;
  await db
    .update(outbox)
    .set(final ? { status: "failed", error, lockedUntil: null } : { error, lockedUntil: null, sendAfter: new Date(now.getTime() + retryDelayMs(row.attempts)) })
    .where(eq(outbox.id, row.id))
    .catch(() => {});
  return final ? "failed" : "retry";
}

/**
 * Takes up to `limit` due messages for this worker: each is held for MESSAGE_LEASE_MS and its try
 * counted before it is sent. Rows held by a worker that died come back after the lease (and, for
 * WhatsApp, a grace in which the provider's "sent" callback may still show it went: see markSentByCallback).
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const graceMs = env().WHATSAPP_INDOUBT_GRACE_MS;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "pending"),
        lte(outbox.sendAfter, now),
        or(
          isNull(outbox.lockedUntil),
          and(eq(outbox.channel, "email"), lt(outbox.lockedUntil, now)),
          and(eq(outbox.channel, "whatsapp"), lt(outbox.lockedUntil, new Date(now.getTime() - graceMs))),
        ),
      ),
    )
    .orderBy(outbox.sendAfter)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: new Date(now.getTime() + env().MESSAGE_LEASE_MS), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Sends what is due, `concurrency` at a time; answers how the tries ended. */
export async function deliverDue(db: Db, options: { now?: Date; limit?: number; concurrency?: number } = {}): Promise<{ sent: number; retry: number; failed: number }> {
  // Too late to be of use (a reminder whose appointment has begun after retries, an expired code): not sent.
  await db
    .update(outbox)
    .set({ status: "failed", error: "expired before it could be sent", lockedUntil: null })
    .where(and(eq(outbox.status, "pending"), lte(outbox.sendAfter, options.now ?? new Date()), lte(outbox.secretExpiresAt, options.now ?? new Date())));
  const rows = await claimDue(db, options.now ?? new Date(), options.limit ?? 50);
  const clock = () => options.now ?? new Date();
  const counts = { sent: 0, retry: 0, failed: 0 };
  const queue = [...rows];
  const lane = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      let outcome: { providerId: string | null } | { error: unknown };
      try {
        outcome = { providerId: await send(row) };
      } catch (error) {
        outcome = { error };
      }
      counts[await finish(db, row, outcome, clock())]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, rows.length) }, lane));
  return counts;
}

/**
 * Records a message and sends it now, in the background (recovery links and codes: the person is
 * waiting). It is held like a claimed row, so the worker only takes it if this process dies or the
 * try fails. Without SMTP_URL / WhatsApp credentials it stays "unsent" (readable on /dev/outbox).
 */
export async function queueMessage(db: Executor, message: OutgoingMessage): Promise<{ id: number; delivery: Promise<void> }> {
  const now = new Date();
  const values = rowValues(message, now);
  const sendNow = values.status === "pending";
  const [row] = await db
    .insert(outbox)
    .values(sendNow ? { ...values, attempts: 1, lockedUntil: new Date(now.getTime() + env().MESSAGE_LEASE_MS) } : values)
    .returning();
  const delivery = sendNow
    ? send(row).then(
        (providerId) => finish(db, row, { providerId }, new Date()).then(() => undefined),
        (error) => finish(db, row, { error }, new Date()).then(() => undefined),
      )
    : Promise.resolve();
  return { id: row.id, delivery };
}

/** A provider's status callback (WhatsApp webhook): delivered, read, failed; "sent" settles a try left in doubt. */
export async function recordDeliveryStatus(db: Executor, providerId: string, status: string, outboxId?: number, error?: string): Promise<number> {
  const byId = outboxId ? or(eq(outbox.providerId, providerId), eq(outbox.id, outboxId)) : eq(outbox.providerId, providerId);
  const set =
    status === "failed"
      ? { deliveryStatus: status, status: "failed", error: (error ?? "failed").slice(0, 500) }
      : { deliveryStatus: status, providerId, status: "sent", sentAt: sql`coalesce(${outbox.sentAt}, now())`, body: REDACTED, payload: null, lockedUntil: null };
  const rows = await db.update(outbox).set(set).where(byId).returning({ id: outbox.id });
  return rows.length;
}

/** The newest messages, or the newest to one recipient (an e-mail address, or a phone as stored: +55...). */
export async function listOutbox(db: Executor, limit = 50, filter: { recipient?: string } = {}): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(filter.recipient ? eq(outbox.recipient, filter.recipient) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/** Whether /dev/outbox shows its messages to a request that gave `key` (see canShowOutbox). */
export function isOutboxPageEnabled(key: string | null | undefined): boolean {
  const e = env();
  return canShowOutbox(key, { production: e.NODE_ENV === "production", enabled: e.ENABLE_DEV_OUTBOX === "1", key: e.DEV_OUTBOX_KEY });
}
