import { answerByWhatsappReply } from "@/lib/server/appointments/answer";
import { recordWhatsappOptOut } from "@/lib/server/appointments/messages";
import { getDb } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { recordDeliveryStatus } from "@/lib/server/notifications/outbox";
import { isOptOut, isValidSignature, parseWebhook } from "@/lib/server/notifications/whatsapp-webhook";

export const dynamic = "force-dynamic";

/** Meta's verification of the callback URL: echo hub.challenge when hub.verify_token is ours. */
export const GET = route(async (ctx) => {
  const q = new URL(ctx.req.url).searchParams;
  const token = env().WHATSAPP_VERIFY_TOKEN;
  if (q.get("hub.mode") !== "subscribe" || !token || q.get("hub.verify_token") !== token) return new Response("Forbidden", { status: 403 });
  return new Response(q.get("hub.challenge") ?? "", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
});

/**
 * Replies and delivery statuses, signed by Meta with the app secret: a bad or missing signature is
 * 401 and changes nothing; an unknown payload, or a reply to a message we do not know, is an ignored 200.
 */
export const POST = route(async (ctx) => {
  const raw = await ctx.req.text();
  if (raw.length > 1_000_000 || !isValidSignature(raw, ctx.req.headers.get("x-hub-signature-256"), env().WHATSAPP_APP_SECRET)) {
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
  let applied = 0;
  for (const e of events) {
    if (e.type === "status") {
      const outboxId = e.callbackData?.startsWith("outbox:") ? Number(e.callbackData.slice(7)) || undefined : undefined;
      applied += await recordDeliveryStatus(db, e.id, e.status, outboxId, e.error);
    } else if (e.type === "reply") {
      if ((await answerByWhatsappReply(db, e)) !== "ignored") applied++;
    } else if (isOptOut(e.text)) {
      await recordWhatsappOptOut(db, e.from, new Date());
      applied++;
    }
  }
  return json({ received: events.length, applied });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
