import "server-only";
import { env } from "@/lib/server/env";

/**
 * WhatsApp Cloud API text message. Business-initiated messages outside a 24 h window need an approved
 * template in production; the account's "authentication" template can replace the text body then.
 */
export async function sendWhatsapp(toE164: string, body: string): Promise<void> {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_URL } = env();
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID) throw new Error("WhatsApp is not configured");
  const res = await fetch(`${WHATSAPP_API_URL}/${encodeURIComponent(WHATSAPP_PHONE_NUMBER_ID)}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${WHATSAPP_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ messaging_product: "whatsapp", to: toE164.replace(/\D/g, ""), type: "text", text: { body } }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`WhatsApp API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}
