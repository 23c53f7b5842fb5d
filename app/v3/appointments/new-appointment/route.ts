import { ZCreateClientAppointment } from "@/lib/contract/booking";
import { bookAsClient } from "@/lib/server/appointments/account-proof";
import { idempotencyKeyOf } from "@/lib/server/appointments/create";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requestIp } from "@/lib/server/http/request-ip";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { phone_code, ...input } = await readJson(ctx, ZCreateClientAppointment);
  const result = await bookAsClient(await getDb(), input, user, {
    phoneCode: phone_code,
    idempotencyKey: idempotencyKeyOf(ctx.req),
    ip: requestIp(ctx.req),
    lng: ctx.lng,
  });
  return json(result, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
