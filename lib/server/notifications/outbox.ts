import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { sendEmail } from "./email";
import { canShowOutbox } from "./outbox-access";
import { sendWhatsapp } from "./whatsapp";

export type OutgoingMessage = {
  channel: "email" | "whatsapp";
  recipient: string;
  subject?: string;
  body: string;
  html?: string;
  /** When the link or code the message carries expires (the purge removes an undelivered body then). */
  secretExpiresAt?: Date;
};
export const REDACTED = "[delivered; content removed]";
export type OutboxRow = typeof outbox.$inferSelect;

function hasTransport(channel: OutgoingMessage["channel"]): boolean {
  const e = env();
  return channel === "email" ? Boolean(e.SMTP_URL) : Boolean(e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID);
}

async function deliver(db: Executor, id: number, message: OutgoingMessage): Promise<void> {
  try {
    if (message.channel === "email") await sendEmail(message.recipient, message.subject ?? "", message.body, message.html);
    else await sendWhatsapp(message.recipient, message.body);
    // Once delivered, the secret it carried (a reset link or code) is not kept in the database.
    await db.update(outbox).set({ status: "sent", sentAt: new Date(), error: null, body: REDACTED }).where(eq(outbox.id, id));
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    console.error(JSON.stringify({ level: "warn", where: "outbox", id, channel: message.channel, msg: error }));
    await db
      .update(outbox)
      .set({ status: "failed", error })
      .where(eq(outbox.id, id))
      .catch(() => {});
  }
}

/**
 * Records a message and sends it in the background. Without SMTP_URL / WhatsApp credentials it stays
 * in the outbox as "unsent" (readable on /dev/outbox) until the purge removes its body.
 */
export async function queueMessage(db: Executor, message: OutgoingMessage): Promise<{ id: number; delivery: Promise<void> }> {
  const configured = hasTransport(message.channel);
  const [row] = await db
    .insert(outbox)
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      status: configured ? "pending" : "unsent",
      secretExpiresAt: message.secretExpiresAt ?? null,
    })
    .returning({ id: outbox.id });
  const delivery = configured ? deliver(db, row.id, message) : Promise.resolve();
  return { id: row.id, delivery };
}

export async function listOutbox(db: Executor, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}

/** Whether /dev/outbox shows its messages to a request that gave `key` (see canShowOutbox). */
export function isOutboxPageEnabled(key: string | null | undefined): boolean {
  const e = env();
  return canShowOutbox(key, { production: e.NODE_ENV === "production", enabled: e.ENABLE_DEV_OUTBOX === "1", key: e.DEV_OUTBOX_KEY });
}
