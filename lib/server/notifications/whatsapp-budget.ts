import "server-only";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/errors";
import { assertNotLimited, consume, type LimitRule } from "@/lib/server/rate-limit/limiter";
import { phoneForms } from "./whatsapp";

// Every WhatsApp code costs the shop money and Meta's quality rating: past the per-phone limits, a code
// also spends from its destination prefix's hour and from the hour of all codes (decision 0047).

/** The first digits of the number in its ninth-digit form (7 by default: country, area code, two more). */
export function destinationPrefix(e164: string, digits = env().WHATSAPP_PREFIX_DIGITS): string {
  return phoneForms(e164)[0].replace(/\D/g, "").slice(0, digits);
}

export function whatsappBudgets(): { perPrefix: LimitRule; all: LimitRule } {
  const e = env();
  return {
    perPrefix: { name: "wa_code_prefix", points: e.WHATSAPP_SENDS_PER_PREFIX_HOUR, durationSeconds: 60 * 60 },
    all: { name: "wa_code_all", points: e.WHATSAPP_SENDS_PER_HOUR, durationSeconds: 60 * 60 },
  };
}

/**
 * Spends one code from the budgets of `e164`'s prefix and of all codes, or throws 429 WHATSAPP_SEND_LIMIT with
 * Retry-After (and nothing spent) when either hour is used up. Messages already written are not touched.
 */
export async function spendWhatsappCode(e164: string): Promise<void> {
  const { perPrefix, all } = whatsappBudgets();
  const pairs: [LimitRule, string][] = [
    [perPrefix, destinationPrefix(e164)],
    [all, "all"],
  ];
  try {
    for (const [rule, key] of pairs) await assertNotLimited(rule, key);
    await consume(pairs);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "TOO_MANY_REQUESTS") throw err;
    const seconds = Number(err.options.headers?.["retry-after"] ?? 60);
    throw new AppError("WHATSAPP_SEND_LIMIT", { headers: { "retry-after": String(seconds) }, vars: { minutes: Math.max(1, Math.ceil(seconds / 60)) } });
  }
}
