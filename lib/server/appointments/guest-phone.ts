import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { TCreateAppointment } from "@/lib/contract/booking";
import { phoneToE164 } from "@/lib/contract/common";
import type { Lang } from "@/lib/i18n/settings";
import type { Db, Executor } from "@/lib/server/db/client";
import { outbox, verifiedPhones } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { AppError, withDeliveryId } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import { newDeliveryRef, recordMessage } from "@/lib/server/notifications/outbox";
import { codeTemplate } from "@/lib/server/notifications/whatsapp";
import { spendWhatsappCode } from "@/lib/server/notifications/whatsapp-budget";
import { consume, type LimitRule, perKnownIp } from "@/lib/server/rate-limit/limiter";
import { CODE_TTL_MS, issueCode, lastIssuedAt, redeemCode, sha256 } from "@/lib/server/verification/one-time";
import { type BookingResult, createAppointment } from "./create";

// A guest's phone is only a claim: past a few guest bookings per shop and hour, it must be proved
// by a WhatsApp code. A proved phone is remembered (by hash) so the same guest is not asked each time.

export const PHONE_VERIFIED_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const CODE_RESEND_AFTER_MS = 60 * 1000;
const CODE_SENDS: Record<"perPhone" | "perIp", LimitRule> = {
  perPhone: { name: "guest_code_phone", points: 5, durationSeconds: 24 * 60 * 60 },
  // An address only has a ceiling: many guests may share it (docs/decisions/0042-limits-behind-shared-addresses.md).
  perIp: { name: "guest_code_ip", points: 2000, durationSeconds: 60 * 60 },
};

/** A pseudonym of the phone: what the code rows and the remembered phones are keyed by. */
export const guestPhoneHash = (e164: string) => sha256(`guest-phone:${e164}`);

/**
 * A proof is held by the browser that made it: the code's answer sets an HttpOnly cookie with a random token, and
 * only the token's hash is kept beside the phone's (decision 0043). The phone alone, from anywhere else, proves nothing.
 */
export const PHONE_PROOF_COOKIE = "navalha_phone_proof";
const PROOF_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The proof token a request carries in its cookie, if it looks like one. */
export function phoneProofOf(req: Request): string | null {
  const header = req.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === PHONE_PROOF_COOKIE) {
      const token = value.join("=");
      return PROOF_TOKEN.test(token) ? token : null;
    }
  }
  return null;
}

/** The Set-Cookie header that hands a browser its proof token (for the /v3 API only, never to scripts). */
export function phoneProofCookie(token: string): string {
  const secure = env().NODE_ENV === "production" ? "; Secure" : "";
  return `${PHONE_PROOF_COOKIE}=${token}; Path=/v3; Max-Age=${PHONE_VERIFIED_FOR_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
}

export const proofHash = (token: string) => sha256(`phone-proof:${token}`);

export async function isGuestPhoneVerified(db: Executor, e164: string, proof: string | null, now = new Date()): Promise<boolean> {
  if (!proof) return false;
  const [row] = await db
    .select({ hash: verifiedPhones.phoneHash })
    .from(verifiedPhones)
    .where(and(eq(verifiedPhones.phoneHash, guestPhoneHash(e164)), eq(verifiedPhones.proofHash, proofHash(proof)), gt(verifiedPhones.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/**
 * Uses the code up and remembers the phone for this browser: its token (the one it already holds, or a new one) is
 * answered for the cookie. A wrong, used or expired code is 422 INVALID_CODE.
 */
export async function confirmGuestPhone(db: Executor, e164: string, code: string, proof: string | null): Promise<string> {
  const hash = guestPhoneHash(e164);
  if (!(await redeemCode(db, "guest_phone", hash, code))) throw new AppError("INVALID_CODE");
  const token = proof ?? randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PHONE_VERIFIED_FOR_MS);
  await db
    .insert(verifiedPhones)
    .values({ phoneHash: hash, proofHash: proofHash(token), expiresAt })
    .onConflictDoUpdate({ target: [verifiedPhones.phoneHash, verifiedPhones.proofHash], set: { expiresAt } });
  return token;
}

/**
 * Sends a code by WhatsApp, unless one went out in the last minute (it is still valid); its text names what it confirms.
 * Answers the reference of the code's delivery (the one that went out in the last minute, if so), for the page to follow.
 */
export async function sendGuestPhoneCode(
  db: Db,
  e164: string,
  ip: string,
  lng: Lang,
  purpose: "booking" | "waitlist" = "booking",
  /** An account's e-mail: where the code goes should WhatsApp not deliver it (decision 0047). A guest has none. */
  fallbackEmail?: string | null,
): Promise<string | null> {
  const hash = guestPhoneHash(e164);
  const last = await lastIssuedAt(db, "guest_phone", hash);
  if (last && Date.now() - last.getTime() < CODE_RESEND_AFTER_MS) {
    const [row] = await db
      .select({ ref: outbox.deliveryRef })
      .from(outbox)
      .where(and(eq(outbox.recipient, e164), eq(outbox.kind, "guest-phone-code")))
      .orderBy(desc(outbox.id))
      .limit(1);
    return row?.ref ?? null;
  }
  await consume([[CODE_SENDS.perPhone, hash], ...perKnownIp(CODE_SENDS.perIp, ip)]);
  await spendWhatsappCode(e164);
  const body = (code: string) =>
    translate(lng, "booking", purpose === "waitlist" ? "messages.phoneCodeWaitlist" : "messages.phoneCode", { code, minutes: CODE_TTL_MS / 60_000 });
  // The code and the message that carries it, in one transaction; the code goes in the authentication template.
  const deliveryRef = newDeliveryRef();
  const { send } = await db.transaction(async (tx) => {
    const code = await issueCode(tx, { purpose: "guest_phone", subject: hash });
    const secretExpiresAt = new Date(Date.now() + CODE_TTL_MS);
    const fallback = fallbackEmail
      ? {
          channel: "email" as const,
          recipient: fallbackEmail,
          subject: translate(lng, "booking", "messages.phoneCodeEmailSubject"),
          body: body(code),
          secretExpiresAt,
          kind: "account-code",
        }
      : undefined;
    return recordMessage(
      tx,
      {
        channel: "whatsapp",
        recipient: e164,
        body: body(code),
        kind: "guest-phone-code",
        payload: { whatsapp: codeTemplate(code, lng) },
        secretExpiresAt,
        deliveryRef,
        fallback,
      },
      db,
    );
  });
  void send();
  return deliveryRef;
}

/**
 * A guest booking: a code sent with it proves the phone (and `proof` is the browser's token to set as its cookie);
 * when the shop asks for a proof that is missing, a code goes out and the 428 PHONE_VERIFICATION_REQUIRED reaches the caller.
 */
export async function bookAsGuest(
  db: Db,
  input: TCreateAppointment,
  guest: { name: string; phone: string; email?: string; phoneCode?: string },
  options: { idempotencyKey: string | null; ip: string; lng: Lang; proof?: string | null },
): Promise<BookingResult & { proof?: string }> {
  const e164 = phoneToE164(guest.phone);
  if (!e164) throw new AppError("INVALID_PHONE");
  let phoneVerified = await isGuestPhoneVerified(db, e164, options.proof ?? null);
  let proof: string | undefined;
  if (!phoneVerified && guest.phoneCode) {
    proof = await confirmGuestPhone(db, e164, guest.phoneCode, options.proof ?? null);
    phoneVerified = true;
  }
  try {
    const result = await createAppointment(
      db,
      input,
      { kind: "guest", name: guest.name, phone: guest.phone, email: guest.email, phoneVerified },
      { idempotencyKey: options.idempotencyKey, language: options.lng },
    );
    return proof ? { ...result, proof } : result;
  } catch (err) {
    if (err instanceof AppError && err.code === "PHONE_VERIFICATION_REQUIRED")
      throw withDeliveryId(err, await sendGuestPhoneCode(db, e164, options.ip, options.lng));
    // The code is spent: the browser keeps its proof even when the booking itself failed (a time just taken).
    if (proof && err instanceof AppError) throw withProofCookie(err, proof);
    throw err;
  }
}

/** The same error, answered with the cookie of a proof made by this request. */
export function withProofCookie(err: AppError, proof: string): AppError {
  return new AppError(err.code, { ...err.options, headers: { ...err.options.headers, "set-cookie": phoneProofCookie(proof) } });
}
