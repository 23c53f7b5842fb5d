import "server-only";
import { asc, eq } from "drizzle-orm";
import type { TCodeDelivery, TCodeDeliveryReason, TCodeDeliveryState } from "@/lib/contract/code-delivery";
import type { Executor } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/http/errors";

type Row = Pick<typeof outbox.$inferSelect, "channel" | "recipient" | "status" | "deliveryStatus" | "error">;

/** A message's place: waiting (or kept unsent with no provider), handed over, arrived, or failed for good. */
function stateOf(row: Row): TCodeDeliveryState {
  if (row.status === "failed") return "failed";
  if (row.status === "sent") return row.deliveryStatus === "delivered" || row.deliveryStatus === "read" ? "delivered" : "sent";
  return "queued";
}

/** The Cloud API code the row's error names (the answer's or the failed status's), as a reason a page can say. */
export function reasonOf(error: string | null): TCodeDeliveryReason {
  const code = /\b(13\d{4})\b/.exec(error ?? "")?.[1];
  if (code === "131026") return "not_on_whatsapp";
  if (code === "131047") return "window_closed";
  if (code === "131050") return "stopped";
  return "other";
}

/** j***@example.com: enough for its owner to know which address, too little for anyone else to learn it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

/** Where the code of `ref` is (its WhatsApp message, and the e-mail that took over); 404 for a reference with no message. */
export async function codeDelivery(db: Executor, ref: string): Promise<TCodeDelivery> {
  const rows = await db
    .select({ channel: outbox.channel, recipient: outbox.recipient, status: outbox.status, deliveryStatus: outbox.deliveryStatus, error: outbox.error })
    .from(outbox)
    .where(eq(outbox.deliveryRef, ref))
    .orderBy(asc(outbox.id));
  const whatsapp = rows.find((r) => r.channel === "whatsapp");
  if (!whatsapp) throw notFound();
  const state = stateOf(whatsapp);
  const email = rows.find((r) => r.channel === "email");
  return {
    state,
    reason: state === "failed" ? reasonOf(whatsapp.error) : null,
    fallback: email ? { channel: "email", to: maskEmail(email.recipient), state: stateOf(email) } : null,
  };
}
