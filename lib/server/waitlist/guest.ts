import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { phoneToE164 } from "@/lib/contract/common";
import type { TJoinGuestWaitlist, TWaitlistEntry } from "@/lib/contract/waitlist";
import type { Lang } from "@/lib/i18n/settings";
import { confirmGuestPhone, isGuestPhoneVerified, sendGuestPhoneCode } from "@/lib/server/appointments/guest-phone";
import { activeKeys, currentKey } from "@/lib/server/auth/signing-keys";
import type { Executor } from "@/lib/server/db/client";
import { waitlist } from "@/lib/server/db/schema";
import { AppError, notFound } from "@/lib/server/http/errors";
import { consume, LIMITS, perKnownIp } from "@/lib/server/rate-limit/limiter";
import { checkedWish, saveGuestWish } from "./waitlist";

// A guest's "tell me if a time frees up" (docs/decisions/0036-waitlist.md, session 31). Most clients arrive as
// guests from a shop link; a full day was a dead end for them but to make an account. The message goes to a phone
// by WhatsApp later, so the phone must be the guest's: proved by the same WhatsApp code as a guest booking (a
// phone proved in the last 30 days is not asked again). The guest takes the wish back with the token the answer
// gives (the page keeps it); the wish is spent once told, and purged with the day.

/** The token that takes a guest's wish back: an HMAC under the manage key of the wish and its phone. */
function mac(secret: Uint8Array, id: number, phone: string): string {
  return createHmac("sha256", secret).update(`waitlist-guest:${id}:${phone}`).digest("base64url");
}

export async function guestWaitlistToken(id: number, phone: string): Promise<string> {
  return mac((await currentKey("manage")).secret, id, phone);
}

/**
 * Checks the day first (a day with a time sends no code), then the phone: proved before, or by the code sent
 * with this request; otherwise a code goes out and 428 PHONE_VERIFICATION_REQUIRED reaches the caller.
 */
export async function joinGuestWaitlist(
  db: Executor,
  body: TJoinGuestWaitlist,
  options: { ip: string; lng: Lang; now?: Date },
): Promise<{ entry: TWaitlistEntry; token: string }> {
  const { name, phone, phone_code, ...input } = body;
  const now = options.now ?? new Date();
  const e164 = phoneToE164(phone);
  if (!e164) throw new AppError("INVALID_PHONE");
  await consume([[LIMITS.guestWishesPerPhone, e164], ...perKnownIp(LIMITS.guestWishesPerIp, options.ip)]);
  const checked = await checkedWish(db, input, options.lng, now);
  if (!(await isGuestPhoneVerified(db, e164, now))) {
    if (!phone_code) {
      await sendGuestPhoneCode(db, e164, options.ip, options.lng, "waitlist");
      throw new AppError("PHONE_VERIFICATION_REQUIRED");
    }
    await confirmGuestPhone(db, e164, phone_code);
  }
  const entry = await saveGuestWish(db, { phone: e164, name }, input, checked);
  return { entry, token: await guestWaitlistToken(entry.id, e164) };
}

/** Idempotent: a wish already gone is 204 as well; a token that is not the wish's is 404. */
export async function leaveGuestWaitlist(db: Executor, id: number, token: string): Promise<void> {
  const [row] = await db.select({ phone: waitlist.guestPhone }).from(waitlist).where(and(eq(waitlist.id, id), isNotNull(waitlist.guestPhone))).limit(1);
  if (!row) return;
  const given = Buffer.from(token);
  const ok = (await activeKeys("manage")).some((k) => {
    const expected = Buffer.from(mac(k.secret, id, row.phone!));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!ok) throw notFound();
  await db.delete(waitlist).where(eq(waitlist.id, id));
}
