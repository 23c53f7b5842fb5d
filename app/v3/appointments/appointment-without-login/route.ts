import { ZCreateGuestAppointment } from "@/lib/contract/booking";
import { phoneToE164 } from "@/lib/contract/common";
import { guestScope, idempotencyKeyOf, isKnownIdempotencyKey } from "@/lib/server/appointments/create";
import { bookAsGuest, phoneProofCookie, phoneProofOf } from "@/lib/server/appointments/guest-phone";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/http/errors";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { consume, LIMITS, perKnownIp } from "@/lib/server/rate-limit/limiter";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const { name, phone, email, phone_code, ...input } = await readJson(ctx, ZCreateGuestAppointment);
  const idempotencyKey = idempotencyKeyOf(ctx.req);
  const db = await getDb();
  const ip = requestIp(ctx.req);
  // A guest has no account to answer for: bookings per phone and per known address are limited.
  const e164 = phoneToE164(phone) ?? phone;
  try {
    await consume([[LIMITS.guestBookingsPerPhone, e164], ...perKnownIp(LIMITS.guestBookingsPerIp, ip)]);
  } catch (err) {
    // A retry of a booking already made (same Idempotency-Key) still gets its first answer.
    const replay = err instanceof AppError && err.status === 429 && idempotencyKey && (await isKnownIdempotencyKey(db, guestScope(e164), idempotencyKey));
    if (!replay) throw err;
  }
  const { proof, ...result } = await bookAsGuest(
    db,
    input,
    { name, phone, email, phoneCode: phone_code },
    { idempotencyKey, ip, lng: ctx.lng, proof: phoneProofOf(ctx.req) },
  );
  return json(result, { status: 201, headers: proof ? { "set-cookie": phoneProofCookie(proof) } : {} });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
