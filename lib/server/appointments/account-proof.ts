import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { TCreateAppointment } from "@/lib/contract/booking";
import type { Lang } from "@/lib/i18n/settings";
import type { AuthUser } from "@/lib/server/auth/session";
import type { Db, Executor } from "@/lib/server/db/client";
import { outbox, users } from "@/lib/server/db/schema";
import { AppError, withDeliveryId } from "@/lib/server/http/errors";
import { redeemCode } from "@/lib/server/verification/one-time";
import { hasProvedContact } from "./booking-limits";
import { type BookingResult, createAppointment } from "./create";
import { guestPhoneHash, sendGuestPhoneCode } from "./guest-phone";

// An account proves a contact before it books past the shop's first few unproved bookings of the hour
// (docs/decisions/0043): by the same WhatsApp code as a guest, sent to the account's phone.

/**
 * The code sent to the account's phone proves it (422 INVALID_CODE otherwise); answers the account as it is now. When
 * WhatsApp could not deliver that code it went to the account's e-mail (decision 0047), so it proves the e-mail.
 */
export async function proveAccountPhone(db: Executor, user: AuthUser, code: string, now = new Date()): Promise<AuthUser> {
  if (!user.phone || !(await redeemCode(db, "guest_phone", guestPhoneHash(user.phone), code))) throw new AppError("INVALID_CODE");
  const [sent] = await db
    .select({ status: outbox.status, ref: outbox.deliveryRef })
    .from(outbox)
    .where(and(eq(outbox.recipient, user.phone), eq(outbox.channel, "whatsapp"), eq(outbox.kind, "guest-phone-code")))
    .orderBy(desc(outbox.id))
    .limit(1);
  const byEmail =
    sent?.status === "failed" && sent.ref !== null && (await db.$count(outbox, and(eq(outbox.deliveryRef, sent.ref), eq(outbox.channel, "email")))) > 0;
  const [row] = await db
    .update(users)
    .set(byEmail ? { emailProvedAt: now } : { phoneProvedAt: now })
    .where(and(eq(users.id, user.id), eq(users.phone, user.phone)))
    .returning();
  if (!row) throw new AppError("INVALID_CODE");
  return row;
}

/**
 * A signed-in client's booking: a code sent with it proves the account's phone; when the shop's hour asks an
 * unproved account for a proof, a code goes to its phone and the 428 PHONE_VERIFICATION_REQUIRED reaches the caller.
 */
export async function bookAsClient(
  db: Db,
  input: TCreateAppointment,
  user: AuthUser,
  options: { phoneCode?: string; idempotencyKey: string | null; ip: string; lng: Lang },
): Promise<BookingResult> {
  const me = !hasProvedContact(user) && options.phoneCode ? await proveAccountPhone(db, user, options.phoneCode) : user;
  try {
    return await createAppointment(db, input, { kind: "client", user: me }, { idempotencyKey: options.idempotencyKey, language: options.lng });
  } catch (err) {
    if (err instanceof AppError && err.code === "PHONE_VERIFICATION_REQUIRED" && me.phone)
      throw withDeliveryId(err, await sendGuestPhoneCode(db, me.phone, options.ip, options.lng, "booking", me.email));
    throw err;
  }
}
