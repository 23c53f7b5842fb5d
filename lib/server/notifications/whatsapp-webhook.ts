import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

// The WhatsApp Cloud API webhook's payload (field "messages"): what the client sent us, and what
// happened to what we sent. Only the parts we act on are read; anything else is ignored.

/** `X-Hub-Signature-256: sha256=<hex>`: HMAC-SHA256 of the raw body under the app secret. */
export function isValidSignature(rawBody: string, header: string | null, appSecret: string | undefined): boolean {
  if (!appSecret || !header) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest();
  const given = Buffer.from(m[1], "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signBody(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

export type WebhookEvent =
  | { type: "reply"; from: string; contextId: string; payload: string }
  | { type: "text"; from: string; text: string }
  | { type: "status"; id: string; status: "sent" | "delivered" | "read" | "failed"; callbackData?: string; error?: string };

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === "string" && v.length <= 4096 ? v : undefined);

/** The events of one webhook POST, in order; an unknown shape gives none. */
export function parseWebhook(body: unknown): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  if (obj(body).object !== "whatsapp_business_account") return events;
  for (const entry of arr(obj(body).entry).slice(0, 100)) {
    for (const change of arr(obj(entry).changes).slice(0, 100)) {
      if (obj(change).field !== "messages") continue;
      const value = obj(obj(change).value);
      for (const raw of arr(value.messages).slice(0, 1000)) {
        const m = obj(raw);
        const from = str(m.from);
        if (!from) continue;
        const contextId = str(obj(m.context).id);
        // A template's quick reply arrives as "button"; an interactive message's as "interactive".
        const payload = m.type === "button" ? str(obj(m.button).payload) : m.type === "interactive" ? str(obj(obj(m.interactive).button_reply).id) : undefined;
        if (payload && contextId) events.push({ type: "reply", from, contextId, payload });
        else if (m.type === "text" && str(obj(m.text).body)) events.push({ type: "text", from, text: str(obj(m.text).body)! });
      }
      for (const raw of arr(value.statuses).slice(0, 1000)) {
        const s = obj(raw);
        const id = str(s.id);
        const status = str(s.status);
        if (!id || !(status === "sent" || status === "delivered" || status === "read" || status === "failed")) continue;
        const err = obj(arr(s.errors)[0]);
        events.push({ type: "status", id, status, callbackData: str(s.biz_opaque_callback_data), error: err.code ? `${err.code} ${str(err.title) ?? ""}`.trim() : undefined });
      }
    }
  }
  return events;
}

/** "PARAR", "stop", "Pare", "SAIR", "unsubscribe", "cancelar mensagens": the client wants no more messages. */
export function isOptOut(text: string): boolean {
  const word = text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, "");
  return ["parar", "pare", "stop", "sair", "unsubscribe", "baja", "detener", "cancelar mensagens"].includes(word);
}
