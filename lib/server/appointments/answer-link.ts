import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { activeKeys, currentKey } from "@/lib/server/auth/signing-keys";

// The one-tap answer link of a reminder: "<id>.<exp>.<kid>.<mac>", an HMAC under the manage key of
// "answer:<id>:<exp>" (single purpose: it can only confirm or cancel that appointment, and only until
// it starts). Nothing is stored: the appointment's status makes a second use change nothing.
// The link that asks a client to rate a visit is the same with the purpose "review" (it can only rate it, and ask
// for or call off its reminder to book again: docs/decisions/0038-rebook-reminder.md).

type Purpose = "answer" | "review";

function mac(secret: Uint8Array, id: number, exp: number, purpose: Purpose): string {
  return createHmac("sha256", secret).update(`${purpose}:${id}:${exp}`).digest("base64url");
}

export async function signAnswerToken(appointmentId: number, expiresAt: Date, purpose: Purpose = "answer"): Promise<string> {
  const key = await currentKey("manage");
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${appointmentId}.${exp}.${key.kid}.${mac(key.secret, appointmentId, exp, purpose)}`;
}

export type AnswerTokenCheck = { ok: true; appointmentId: number } | { ok: false; reason: "invalid" | "expired"; appointmentId?: number };

export async function verifyAnswerToken(token: string, now = new Date(), purpose: Purpose = "answer"): Promise<AnswerTokenCheck> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: "invalid" };
  const [id, exp] = [Number(m[1]), Number(m[2])];
  const key = (await activeKeys("manage")).find((k) => k.kid === m[3]);
  if (!key) return { ok: false, reason: "invalid" };
  const a = Buffer.from(mac(key.secret, id, exp, purpose));
  const b = Buffer.from(m[4]);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: "invalid" };
  if (now.getTime() >= exp * 1000) return { ok: false, reason: "expired", appointmentId: id };
  return { ok: true, appointmentId: id };
}
