import type { APIRequestContext } from "@playwright/test";

// The key that scripts/e2e-server.sh gives /dev/outbox (DEV_OUTBOX_KEY); keep the two in step.
export const E2E_OUTBOX_KEY = process.env.DEV_OUTBOX_KEY || "e2e-outbox-key-not-a-secret";

export const outboxPath = () => `/dev/outbox?key=${encodeURIComponent(E2E_OUTBOX_KEY)}`;

/** The 6-digit code of the newest WhatsApp message to a phone (+55…), read on the development outbox. */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const html = await (await request.get(`${outboxPath()}&to=${encodeURIComponent(phone)}`)).text();
  const bubble = /<figure[^>]*>([\s\S]*?)<\/figure>/.exec(html);
  const code = bubble && /\b(\d{6})\b/.exec(bubble[1]);
  if (!code) throw new Error(`no code for ${phone} on the outbox`);
  return code[1];
}
