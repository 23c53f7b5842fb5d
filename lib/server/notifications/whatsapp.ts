import "server-only";
import { env } from "@/lib/server/env";

/** A WhatsApp message template (Cloud API `type: "template"`): approved by Meta, filled in per message. */
export type WhatsappTemplate = {
  name: string;
  /** The template's language code as approved (pt_BR, en, es). */
  language: string;
  /** The body's {{1}}, {{2}}, ... in order. */
  body: string[];
  /** Quick-reply buttons, in the template's order: their payloads come back in the webhook when tapped. */
  quickReplies?: string[];
  /**
   * An authentication template's one-time code: its body's {{1}} and the text of its copy-code button
   * (Meta's `sub_type: "url"`, index 0). Codes go only this way (docs/whatsapp-templates.md).
   */
  code?: string;
};

export type WhatsappContent = { text: string } | { template: WhatsappTemplate };

/** The language of a template as the Cloud API names it. */
export const WHATSAPP_LANG = { "pt-BR": "pt_BR", en: "en", es: "es" } as const;

/** The authentication template every one-time code goes out in (recovery, a guest's phone, a new phone). */
export function codeTemplate(code: string, lang: keyof typeof WHATSAPP_LANG): WhatsappTemplate {
  return { name: "navalha_verification_code", language: WHATSAPP_LANG[lang], body: [code], code };
}

/** A failure the provider says will not change on a retry (an unreachable number, a bad request). */
export class PermanentDeliveryError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

// Cloud API error codes that no retry mends: the number is not on WhatsApp or cannot receive (131026),
// re-engagement needed (131047), not in the allowed list (131030), bad parameters (100, 131008, 131009),
// template missing or paused (132000-132016), the user stopped marketing messages (131050).
const PERMANENT_CODES = new Set([100, 131008, 131009, 131026, 131030, 131047, 131050, 132000, 132001, 132005, 132007, 132012, 132015, 132016]);

/** The codes after which the person is told another way (e-mail): WhatsApp cannot reach them now. */
export const UNREACHABLE_CODES = new Set([131026, 131047, 131050]);

/** The Cloud API body for one message; exported for the outbox page, which shows what is sent. */
export function whatsappRequestBody(toE164: string, content: WhatsappContent, callbackData?: string): Record<string, unknown> {
  const to = toE164.replace(/\D/g, "");
  // Returned as is in the status callbacks: names our outbox row even when its wamid was never stored.
  const tag = callbackData ? { biz_opaque_callback_data: callbackData } : {};
  if ("text" in content)
    return { messaging_product: "whatsapp", recipient_type: "individual", to, type: "text", text: { preview_url: true, body: content.text }, ...tag };
  const t = content.template;
  const components: Record<string, unknown>[] = [{ type: "body", parameters: t.body.map((text) => ({ type: "text", text })) }];
  (t.quickReplies ?? []).forEach((payload, index) =>
    components.push({ type: "button", sub_type: "quick_reply", index: String(index), parameters: [{ type: "payload", payload }] }),
  );
  // An authentication template's copy-code (or one-tap) button is a "url" button carrying the code.
  if (t.code) components.push({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: t.code }] });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: { name: t.name, language: { code: t.language }, components },
    ...tag,
  };
}

/** What the Cloud API answered: the message's id (wamid) and the WhatsApp ID it went to (which may lack Brazil's ninth digit). */
export type WhatsappSent = { id: string | null; waId: string | null };

/**
 * Sends one message with the WhatsApp Cloud API and answers its id (wamid), which the status
 * callbacks and the client's button replies name. Business-initiated messages outside a 24 h
 * window must be templates (docs/whatsapp-templates.md).
 */
export async function sendWhatsapp(toE164: string, content: WhatsappContent | string, callbackData?: string): Promise<WhatsappSent> {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_URL } = env();
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID) throw new Error("WhatsApp is not configured");
  const body = whatsappRequestBody(toE164, typeof content === "string" ? { text: content } : content, callbackData);
  const res = await fetch(`${WHATSAPP_API_URL}/${encodeURIComponent(WHATSAPP_PHONE_NUMBER_ID)}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${WHATSAPP_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) {
    let code: number | undefined;
    try {
      code = (JSON.parse(text) as { error?: { code?: number } }).error?.code;
    } catch {
      // not JSON: a proxy's page; treated as passing
    }
    const message = `WhatsApp API answered ${res.status}${code ? ` (code ${code})` : ""}: ${text.slice(0, 200)}`;
    if (code !== undefined && PERMANENT_CODES.has(code)) throw new PermanentDeliveryError(message, code);
    throw new Error(message);
  }
  try {
    const answer = JSON.parse(text) as { messages?: { id?: string }[]; contacts?: { wa_id?: string }[] };
    return { id: answer.messages?.[0]?.id ?? null, waId: answer.contacts?.[0]?.wa_id ?? null };
  } catch {
    return { id: null, waId: null };
  }
}

/**
 * The E.164 forms a Brazilian mobile goes by on WhatsApp: with the ninth digit (+55 DD 9XXXX-XXXX, as the
 * number is written today) and without it (+55 DD XXXX-XXXX, the WhatsApp ID Meta answers with for many
 * accounts older than the ninth digit). Any other number has the one form. The first is the canonical one.
 */
export function phoneForms(phone: string): [string, ...string[]] {
  const digits = phone.replace(/\D/g, "");
  const with9 = /^55(\d{2})9([6-9]\d{7})$/.exec(digits);
  if (with9) return [`+${digits}`, `+55${with9[1]}${with9[2]}`];
  const without9 = /^55(\d{2})([6-9]\d{7})$/.exec(digits);
  if (without9) return [`+55${without9[1]}9${without9[2]}`, `+${digits}`];
  return [`+${digits}`];
}
