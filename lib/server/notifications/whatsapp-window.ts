import "server-only";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { whatsappConsents } from "@/lib/server/db/schema";
import { phoneForms } from "./whatsapp";

/** Meta's customer-service window: a free-form message may follow the person's last message for 24 hours. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The key of a number in `whatsapp_consents`: a hash of its form with Brazil's ninth digit, so that
 * "+5531999990000" and Meta's "553199990000" are one person, and the table holds no phone.
 */
export function consentKey(phone: string): string {
  return createHash("sha256")
    .update(`whatsapp-consent:${phoneForms(phone)[0]}`)
    .digest("hex");
}

/** The person wrote to the shop's number (a text, a button tap): their 24-hour window opens now. */
export async function recordInbound(db: Executor, phone: string, at: Date): Promise<void> {
  await db
    .insert(whatsappConsents)
    .values({ phoneHash: consentKey(phone), lastInboundAt: at })
    .onConflictDoUpdate({
      target: whatsappConsents.phoneHash,
      set: { lastInboundAt: sql`greatest(${whatsappConsents.lastInboundAt}, excluded.last_inbound_at)` },
    });
}

/** Whether a free-form text may go to the number now. */
export async function isWindowOpen(db: Executor, phone: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ at: whatsappConsents.lastInboundAt })
    .from(whatsappConsents)
    .where(eq(whatsappConsents.phoneHash, consentKey(phone)))
    .limit(1);
  return Boolean(row?.at && now.getTime() - row.at.getTime() < SERVICE_WINDOW_MS);
}
