import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { phoneToE164 } from "@/lib/contract/common";
import type { TJoinGuestWaitlist, TWaitlistEntry } from "@/lib/contract/waitlist";
import { formatLongDate } from "@/lib/i18n/format";
import type { Lang } from "@/lib/i18n/settings";
import { WHATSAPP_LANG } from "@/lib/server/appointments/messages";
import { confirmGuestPhone, isGuestPhoneVerified, sendGuestPhoneCode, withProofCookie } from "@/lib/server/appointments/guest-phone";
import { activeKeys, currentKey } from "@/lib/server/auth/signing-keys";
import type { Executor } from "@/lib/server/db/client";
import { waitlist } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { AppError, notFound } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import { type OutgoingMessage, enqueueMessages } from "@/lib/server/notifications/outbox";
import { consume, LIMITS, perKnownIp } from "@/lib/server/rate-limit/limiter";
import { checkedWaitlistEntry, saveGuestWaitlistEntry, waitlistEntryById } from "./waitlist";

// A guest's "tell me if a time frees up" (docs/decisions/0036-waitlist.md). Most clients arrive as
// guests from a shop link; a full day was a dead end for them but to make an account. The message goes to a phone
// by WhatsApp later, so the phone must be the guest's: proved by the same WhatsApp code as a guest booking (a
// phone proved in the last 30 days, in the same browser, is not asked again). The guest takes the entry back with the token the answer
// gives (the page keeps it) or with the link of the WhatsApp message that confirms a new entry; the
// entry is spent once told, and purged with the day.

/** The token that takes a guest's entry back: an HMAC under the manage key of the entry and its phone. */
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
  options: { ip: string; lng: Lang; now?: Date; proof?: string | null },
): Promise<{ entry: TWaitlistEntry; token: string; proof?: string }> {
  const { name, phone, phone_code, ...input } = body;
  const now = options.now ?? new Date();
  const e164 = phoneToE164(phone);
  if (!e164) throw new AppError("INVALID_PHONE");
  await consume([[LIMITS.guestWaitlistEntriesPerPhone, e164], ...perKnownIp(LIMITS.guestWaitlistEntriesPerIp, options.ip)]);
  const checked = await checkedWaitlistEntry(db, input, options.lng, now);
  // A proof counts only in the browser that made it (its cookie's token, decision 0043).
  let proof: string | undefined;
  if (!(await isGuestPhoneVerified(db, e164, options.proof ?? null, now))) {
    if (!phone_code) {
      const deliveryId = await sendGuestPhoneCode(db, e164, options.ip, options.lng, "waitlist");
      throw new AppError("PHONE_VERIFICATION_REQUIRED", deliveryId ? { deliveryId } : {});
    }
    proof = await confirmGuestPhone(db, e164, phone_code, options.proof ?? null);
  }
  try {
    const { entry, waitingAgain } = await saveGuestWaitlistEntry(db, { phone: e164, name }, input, checked);
    const token = await guestWaitlistToken(entry.id, e164);
    if (waitingAgain) await enqueueMessages(db, [askedMessage(entry, { name, phone: e164, token }, options.lng)], now);
    return proof ? { entry, token, proof } : { entry, token };
  } catch (err) {
    if (proof && err instanceof AppError) throw withProofCookie(err, proof);
    throw err;
  }
}

/** The page of a guest's entry: `/aviso/<id>?t=<token>`, in the guest's language. */
export function guestWaitlistEntryPath(id: number, token: string, lng: Lang): string {
  const query = new URLSearchParams({ t: token });
  if (lng !== "pt-BR") query.set("lng", lng);
  return `/aviso/${id}?${query}`;
}

/**
 * "Done: we will tell you here if a time frees up…", on the phone the guest proved, with the link to the entry's
 * page: a guest keeps no account, and the tab that asked may be long closed when they no longer need it.
 */
function askedMessage(entry: TWaitlistEntry, guest: { name: string; phone: string; token: string }, lng: Lang): OutgoingMessage {
  const link = `${siteOrigin()}${guestWaitlistEntryPath(entry.id, guest.token, lng)}`;
  const day = formatLongDate(lng, entry.date, { weekday: "long", day: "numeric", month: "long" });
  const firstName = guest.name.split(/\s+/)[0];
  const shop = entry.barbershop.name;
  return {
    channel: "whatsapp",
    recipient: guest.phone,
    kind: "waitlist-asked",
    dedupeKey: `waitlist-asked:${entry.id}:${entry.created_at}`,
    body: translate(lng, "booking", "messages.waitlist.askedWhatsapp", { name: firstName, shop, day, link }),
    // The link takes the entry back: its text is removed two days after the day, as the entry is.
    secretExpiresAt: new Date(Date.parse(`${entry.date}T00:00:00Z`) + 3 * 86_400_000),
    // In the template's order (docs/whatsapp-templates.md).
    payload: { whatsapp: { name: "navalha_waitlist_asked", language: WHATSAPP_LANG[lng], body: [firstName, shop, day, link] } },
  };
}

/** Whether the token is the one of the guest's entry `id`: "missing" when there is no such entry (any more). */
async function checkToken(db: Executor, id: number, token: string): Promise<"ok" | "wrong" | "missing"> {
  const [row] = await db
    .select({ phone: waitlist.guestPhone })
    .from(waitlist)
    .where(and(eq(waitlist.id, id), isNotNull(waitlist.guestPhone)))
    .limit(1);
  if (!row) return "missing";
  const given = Buffer.from(token);
  const ok = (await activeKeys("manage")).some((k) => {
    const expected = Buffer.from(mac(k.secret, id, row.phone!));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return ok ? "ok" : "wrong";
}

/** A guest's entry for its page, when the token is the entry's; null when it is not, or the entry is gone. */
export async function guestWaitlistEntryByToken(db: Executor, id: number, token: string): Promise<(TWaitlistEntry & { timezone: string }) | null> {
  return (await checkToken(db, id, token)) === "ok" ? waitlistEntryById(db, id) : null;
}

/** Idempotent: a waitlist entry already gone is 204 as well; a token that is not the entry's is 404. */
export async function leaveGuestWaitlist(db: Executor, id: number, token: string): Promise<void> {
  const check = await checkToken(db, id, token);
  if (check === "missing") return;
  if (check === "wrong") throw notFound();
  await db.delete(waitlist).where(eq(waitlist.id, id));
}
