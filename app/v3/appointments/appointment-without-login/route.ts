import { ZCreateGuestAppointment } from "@/lib/contract/booking";
import { phoneToE164 } from "@/lib/contract/common";
import { createAppointment, guestScope, idempotencyKeyOf, isKnownIdempotencyKey } from "@/lib/server/appointments/create";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/http/errors";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { consume, LIMITS, perKnownIp } from "@/lib/server/rate-limit/limiter";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const { name, phone, ...input } = await readJson(ctx, ZCreateGuestAppointment);
  const idempotencyKey = idempotencyKeyOf(ctx.req);
  const db = await getDb();
  // A guest has no account to answer for: bookings per phone and per known address are limited.
  const e164 = phoneToE164(phone) ?? phone;
  try {
    await consume([[LIMITS.guestBookingsPerPhone, e164], ...perKnownIp(LIMITS.guestBookingsPerIp, requestIp(ctx.req))]);
  } catch (err) {
    // A retry of a booking already made (same Idempotency-Key) still gets its first answer.
    const replay = err instanceof AppError && err.status === 429 && idempotencyKey && (await isKnownIdempotencyKey(db, guestScope(e164), idempotencyKey));
    if (!replay) throw err;
  }
  const result = await createAppointment(db, input, { kind: "guest", name, phone }, { idempotencyKey });
  return json(result, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
