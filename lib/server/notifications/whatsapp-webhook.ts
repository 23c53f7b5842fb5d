import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// The WhatsApp Cloud API webhook's payload (field "messages"): what the client sent us, and what
// happened to what we sent. Only the parts we act on are read; anything else is ignored.

/** The payload as Meta signs it: every character past ASCII as a \uXXXX escape (whatsapp-api-js does the same). */
export function escapeUnicode(raw: string): string {
  return raw.replace(/[^\0-~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function matches(body: string, given: Buffer, appSecret: string): boolean {
  const expected = createHmac("sha256", appSecret).update(body, "utf8").digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `X-Hub-Signature-256: sha256=<hex>`: HMAC-SHA256 under the app secret of the body, which Meta computes over
 * its escaped-unicode form; a body whose HMAC matches either that form or the literal UTF-8 is accepted.
 */
export function isValidSignature(rawBody: string, header: string | null, appSecret: string | undefined): boolean {
  if (!appSecret || !header) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1], "hex");
  const escaped = escapeUnicode(rawBody);
  // Both are computed, so the time taken does not tell which form matched.
  const literal = matches(rawBody, given, appSecret);
  const unicode = matches(escaped, given, appSecret);
  return literal || unicode;
}

export function signBody(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

/** Whether the verify token Meta echoes is ours, compared in constant time. */
export function isVerifyToken(given: string | null, ours: string | undefined): boolean {
  if (!ours || given === null) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(ours).digest();
  return timingSafeEqual(a, b);
}

export type WebhookEvent =
  | { type: "reply"; id?: string; from: string; contextId: string; payload: string }
  | { type: "text"; id?: string; from: string; text: string }
  | { type: "inbound"; id?: string; from: string }
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
        const id = str(m.id);
        if (payload && contextId) events.push({ type: "reply", id, from, contextId, payload });
        else if (m.type === "text" && str(obj(m.text).body)) events.push({ type: "text", id, from, text: str(obj(m.text).body)! });
        // Any other message (an image, a location) still opens the person's 24-hour window.
        else events.push({ type: "inbound", id, from });
      }
      for (const raw of arr(value.statuses).slice(0, 1000)) {
        const s = obj(raw);
        const id = str(s.id);
        const status = str(s.status);
        if (!id || !(status === "sent" || status === "delivered" || status === "read" || status === "failed")) continue;
        const err = obj(arr(s.errors)[0]);
        events.push({
          type: "status",
          id,
          status,
          callbackData: str(s.biz_opaque_callback_data),
          error: err.code ? `${err.code} ${str(err.title) ?? ""}`.trim() : undefined,
        });
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
