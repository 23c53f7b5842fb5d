import "server-only";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { idempotencyKeys } from "@/lib/server/db/schema";

/** Meta's webhook bodies are small (a few KB); anything past this is refused with 413 before it is read on. */
export const WEBHOOK_BODY_MAX = 1_000_000;

const SCOPE = "whatsapp-webhook";

/**
 * Meta delivers at least once and retries what it thinks was not received: each message id (and each
 * status of a message) is applied the first time only. Kept with the other idempotency keys (24 hours).
 */
export async function claimWebhookEvent(db: Executor, key: string): Promise<boolean> {
  const rows = await db.insert(idempotencyKeys).values({ scope: SCOPE, key, requestHash: "" }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function releaseWebhookEvent(db: Executor, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, SCOPE), eq(idempotencyKeys.key, key)));
}
