import { ZCreateAppointment } from "@/lib/contract/booking";
import { createAppointment, idempotencyKeyOf } from "@/lib/server/appointments/create";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const input = await readJson(ctx, ZCreateAppointment);
  const result = await createAppointment(await getDb(), input, { kind: "client", user }, { idempotencyKey: idempotencyKeyOf(ctx.req), language: ctx.lng });
  return json(result, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
