import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Executor } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { type EmailExtras, sendEmail } from "./email";
import { renderMjml } from "./mjml";
import { canShowOutbox } from "./outbox-access";
import { type PushMessage, RetryLaterError, isPushEnabled, sendWebPush } from "./web-push";
import { isWindowOpen } from "./whatsapp-window";
import { PermanentDeliveryError, UNREACHABLE_CODES, type WhatsappSent, type WhatsappTemplate, sendWhatsapp } from "./whatsapp";

/** What a channel needs besides the plain text. */
export type MessagePayload = {
  whatsapp?: WhatsappTemplate;
  /** The e-mail's HTML, or its MJML source, rendered when sent (renderMjml). */
  html?: string;
  mjml?: string;
  ics?: EmailExtras["ics"];
  /** A WhatsApp template's quick-reply labels, for the outbox page. */
  buttons?: { label: string }[];
  /** A Web Push notification (the recipient is the push_subscriptions row's id). */
  push?: PushMessage;
};

export type OutgoingMessage = {
  channel: "email" | "whatsapp" | "push";
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
  /**
   * Where the person has another way (e-mail): the message that goes instead should WhatsApp say it cannot
   * deliver this one (131026, 131047, 131050, or a `failed` status). Kept until this one is delivered or fails.
   */
  fallback?: OutgoingMessage;
  /** The reference the page that asked for this code follows it by (newDeliveryRef); its fallback shares it. */
  deliveryRef?: string;
};

/** An opaque reference to a code's messages, handed to the page that asked for it (128 random bits). */
export const newDeliveryRef = () => randomBytes(16).toString("base64url");

export const REDACTED = "[delivered; content removed]";
export type OutboxRow = typeof outbox.$inferSelect;

/** Tries, and the wait before the next try: 1, 3, 9 and 27 base units (base 1 min: 5 tries over 40 min). */
export const DELIVERY = { maxAttempts: 5 };
export function retryDelayMs(attempts: number, baseMs = env().MESSAGE_RETRY_BASE_MS): number {
  return baseMs * 3 ** Math.max(0, attempts - 1);
}

export function hasTransport(channel: OutgoingMessage["channel"]): boolean {
  const e = env();
  if (channel === "push") return isPushEnabled();
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
    fallback: message.fallback ?? null,
    deliveryRef: message.deliveryRef ?? null,
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
async function send(db: Executor, row: OutboxRow): Promise<WhatsappSent> {
  const payload = (row.payload ?? {}) as MessagePayload;
  if (row.channel === "email") {
    await sendEmail(row.recipient, row.subject ?? "", row.body, {
      html: payload.html ?? (payload.mjml ? await renderMjml(payload.mjml) : undefined),
      ics: payload.ics,
      messageId: row.dedupeKey ? `<${row.dedupeKey.replace(/[^A-Za-z0-9.-]/g, ".")}@navalha.app>` : undefined,
    });
    return { id: null, waId: null };
  }
  if (row.channel === "push") {
    await sendWebPush(db, Number(row.recipient), payload.push ?? { title: row.subject ?? "", body: row.body, url: "/" });
    return { id: null, waId: null };
  }
  // Meta refuses a free-form text outside the person's 24-hour window (131047, usually later as a failed
  // status): such a text is not tried, and its fallback, if any, goes at once.
  if (!payload.whatsapp && !(await isWindowOpen(db, row.recipient))) {
    throw new PermanentDeliveryError("131047 outside the 24-hour customer-service window: a free-form text was not sent", 131047);
  }
  return sendWhatsapp(row.recipient, payload.whatsapp ? { template: payload.whatsapp } : { text: row.body }, `outbox:${row.id}`);
}

/** A message kept as JSON (a row's fallback) with its moments as dates again. */
function revive(m: OutgoingMessage): OutgoingMessage {
  const at = (d: Date | string | undefined) => (d === undefined ? undefined : new Date(d));
  return { ...m, secretExpiresAt: at(m.secretExpiresAt), sendAfter: at(m.sendAfter) };
}

/**
 * The person is told another way (the row's fallback, once): in the transaction that marks the WhatsApp
 * message failed, so the reason and the e-mail that replaced it are written together.
 */
async function releaseFallback(tx: Executor, row: Pick<OutboxRow, "id" | "fallback" | "deliveryRef">, reason: string, now: Date): Promise<string> {
  if (!row.fallback) return reason;
  const [taken] = await tx
    .update(outbox)
    .set({ fallback: null })
    .where(and(eq(outbox.id, row.id), isNotNull(outbox.fallback)))
    .returning({ id: outbox.id });
  if (!taken) return reason;
  const [fallback] = await tx
    .insert(outbox)
    .values(rowValues({ ...revive(row.fallback as OutgoingMessage), deliveryRef: row.deliveryRef ?? undefined }, now))
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id, channel: outbox.channel });
  return fallback ? `${reason}; told by ${fallback.channel} instead (message ${fallback.id})` : reason;
}

/** Records how one try ended: sent (the secret it carried is not kept), tried again later, or failed. */
async function finish(db: Db, row: OutboxRow, outcome: { sent: WhatsappSent } | { error: unknown }, now: Date): Promise<"sent" | "retry" | "failed"> {
  if ("sent" in outcome) {
    await db
      .update(outbox)
      .set({
        status: "sent",
        sentAt: now,
        error: null,
        body: REDACTED,
        payload: null,
        lockedUntil: null,
        providerId: outcome.sent.id,
        waId: outcome.sent.waId,
        deliveryStatus: "sent",
      })
      .where(and(eq(outbox.id, row.id), ne(outbox.status, "failed")));
    return "sent";
  }
  const err = outcome.error;
  const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  console.error(JSON.stringify({ level: "warn", where: "outbox", id: row.id, channel: row.channel, attempt: row.attempts, msg: error }));
  const final = err instanceof PermanentDeliveryError || row.attempts >= DELIVERY.maxAttempts;
  const unreachable = err instanceof PermanentDeliveryError && err.code !== undefined && UNREACHABLE_CODES.has(err.code);
  await db
    .transaction(async (tx) => {
      const reason = final && unreachable ? await releaseFallback(tx, row, error, now) : error;
      await tx
        .update(outbox)
        .set(
          final
            ? { status: "failed", error: reason.slice(0, 500), lockedUntil: null }
            : { error, lockedUntil: null, sendAfter: new Date(now.getTime() + (err instanceof RetryLaterError ? err.afterMs : retryDelayMs(row.attempts))) },
        )
        .where(eq(outbox.id, row.id));
    })
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
          and(inArray(outbox.channel, ["email", "push"]), lt(outbox.lockedUntil, now)),
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
export async function deliverDue(
  db: Db,
  options: { now?: Date; limit?: number; concurrency?: number } = {},
): Promise<{ sent: number; retry: number; failed: number }> {
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
      let outcome: { sent: WhatsappSent } | { error: unknown };
      try {
        outcome = { sent: await send(db, row) };
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
export async function queueMessage(db: Db, message: OutgoingMessage): Promise<{ id: number; delivery: Promise<void> }> {
  const { row, send: start } = await recordMessage(db, message);
  return { id: row.id, delivery: start() };
}

/**
 * The first half of queueMessage, in the caller's transaction (a code and the message that carries it are
 * written together, or neither is): `send` starts the try once that transaction has committed.
 */
export async function recordMessage(tx: Executor, message: OutgoingMessage, db?: Db): Promise<{ row: OutboxRow; send: () => Promise<void> }> {
  const now = new Date();
  const values = rowValues(message, now);
  const sendNow = values.status === "pending";
  const [row] = await tx
    .insert(outbox)
    .values(sendNow ? { ...values, attempts: 1, lockedUntil: new Date(now.getTime() + env().MESSAGE_LEASE_MS) } : values)
    .returning();
  const through = db ?? (tx as Db);
  const start = () =>
    sendNow
      ? send(through, row)
          .then(
            (sent) => finish(through, row, { sent }, new Date()).then(() => undefined),
            (error) => finish(through, row, { error }, new Date()).then(() => undefined),
          )
          .catch((err: unknown) => {
            // The row stays held until its lease ends; the worker then tries it again.
            console.error(JSON.stringify({ level: "warn", where: "outbox", id: row.id, msg: err instanceof Error ? err.message : String(err) }));
          })
      : Promise.resolve();
  return { row, send: start };
}

// A status only moves forward (sent < delivered < read); failed is final (docs/decisions/0040-whatsapp-as-meta-runs-it.md).
const STATUS_RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };
const currentRank = sql`coalesce(case ${outbox.deliveryStatus} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 end, 0)`;

/**
 * A provider's status callback (WhatsApp webhook): delivered, read, failed; "sent" settles a try left in doubt.
 * A late or repeated status never moves a message back, and nothing follows a failure; a failure tells the
 * person another way where the message has a fallback.
 */
export async function recordDeliveryStatus(db: Db, providerId: string, status: string, outboxId?: number, error?: string): Promise<number> {
  const byId = outboxId ? or(eq(outbox.providerId, providerId), eq(outbox.id, outboxId)) : eq(outbox.providerId, providerId);
  const notFailed = and(ne(outbox.status, "failed"), or(isNull(outbox.deliveryStatus), ne(outbox.deliveryStatus, "failed")));
  if (status === "failed") {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, fallback: outbox.fallback, deliveryRef: outbox.deliveryRef })
        .from(outbox)
        .where(and(byId, notFailed))
        .for("update");
      for (const row of rows) {
        const reason = await releaseFallback(tx, row, error ?? "failed", new Date());
        await tx
          .update(outbox)
          .set({ deliveryStatus: "failed", status: "failed", error: reason.slice(0, 500), lockedUntil: null })
          .where(eq(outbox.id, row.id));
      }
      return rows.length;
    });
  }
  const rank = STATUS_RANK[status];
  if (!rank) return 0;
  // Delivered or read: the fallback will not be needed (a "sent" is not yet proof that it arrived).
  const delivered = rank >= 2 ? { fallback: null } : {};
  const rows = await db
    .update(outbox)
    .set({
      deliveryStatus: status,
      providerId,
      status: "sent",
      sentAt: sql`coalesce(${outbox.sentAt}, now())`,
      body: REDACTED,
      payload: null,
      lockedUntil: null,
      ...delivered,
    })
    .where(and(byId, notFailed, sql`${currentRank} < ${rank}`))
    .returning({ id: outbox.id });
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
