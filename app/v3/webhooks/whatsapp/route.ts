import { answerByWhatsappReply } from "@/lib/server/appointments/answer";
import { recordWhatsappOptOut } from "@/lib/server/appointments/messages";
import { getDb } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { readBodyLimited } from "@/lib/server/http/body";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { recordDeliveryStatus } from "@/lib/server/notifications/outbox";
import { claimWebhookEvent, releaseWebhookEvent, WEBHOOK_BODY_MAX } from "@/lib/server/notifications/whatsapp-events";
import { isOptOut, isValidSignature, isVerifyToken, parseWebhook } from "@/lib/server/notifications/whatsapp-webhook";
import { recordInbound } from "@/lib/server/notifications/whatsapp-window";

export const dynamic = "force-dynamic";

/** Meta's verification of the callback URL: echo hub.challenge when hub.verify_token is ours. */
export const GET = route(async (ctx) => {
  const q = new URL(ctx.req.url).searchParams;
  if (q.get("hub.mode") !== "subscribe" || !isVerifyToken(q.get("hub.verify_token"), env().WHATSAPP_VERIFY_TOKEN))
    return new Response("Forbidden", { status: 403 });
  return new Response(q.get("hub.challenge") ?? "", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
});

/**
 * Replies and delivery statuses, signed by Meta with the app secret: a bad or missing signature is
 * 401 and changes nothing; an unknown payload, or a reply to a message we do not know, is an ignored 200;
 * a delivery Meta repeats (same message or status id) is applied once.
 */
export const POST = route(async (ctx) => {
  const raw = new TextDecoder().decode(await readBodyLimited(ctx.req, WEBHOOK_BODY_MAX));
  if (!isValidSignature(raw, ctx.req.headers.get("x-hub-signature-256"), env().WHATSAPP_APP_SECRET)) {
    return json({ error: "invalid signature", code: "UNAUTHORIZED" }, 401);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return json({ received: 0 });
  }
  const db = await getDb();
  const events = parseWebhook(body);
  const now = new Date();
  let applied = 0;
  for (const e of events) {
    const key = e.type === "status" ? `status:${e.id}:${e.status}` : e.id ? `message:${e.id}` : null;
    if (key && !(await claimWebhookEvent(db, key))) continue;
    try {
      if (e.type === "status") {
        const outboxId = e.callbackData?.startsWith("outbox:") ? Number(e.callbackData.slice(7)) || undefined : undefined;
        applied += await recordDeliveryStatus(db, e.id, e.status, outboxId, e.error);
        continue;
      }
      // The person wrote (a tap, a text): a free-form answer may follow for 24 hours.
      await recordInbound(db, e.from, now);
      if (e.type === "reply") {
        if ((await answerByWhatsappReply(db, e)) !== "ignored") applied++;
      } else if (e.type === "text" && isOptOut(e.text)) {
        await recordWhatsappOptOut(db, e.from, now);
        applied++;
      }
    } catch (err) {
      // Not applied: Meta's retry of this delivery should be.
      if (key) await releaseWebhookEvent(db, key).catch(() => {});
      throw err;
    }
  }
  return json({ received: events.length, applied });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
