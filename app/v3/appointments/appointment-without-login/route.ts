import { ZCreateGuestAppointment } from "@/lib/contract/booking";
import { createAppointment, idempotencyKeyOf } from "@/lib/server/appointments/create";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";

export const POST = route(async (ctx) => {
  const { name, phone, ...input } = await readJson(ctx, ZCreateGuestAppointment);
  const result = await createAppointment(await getDb(), input, { kind: "guest", name, phone }, { idempotencyKey: idempotencyKeyOf(ctx.req) });
  return json(result, 201);
});
