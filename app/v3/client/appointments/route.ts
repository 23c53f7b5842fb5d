import { ZClientAppointmentsQuery } from "@/lib/contract/booking";
import { listClientAppointments } from "@/lib/server/appointments/read";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const query = readQuery(ctx, ZClientAppointmentsQuery);
  return json(await listClientAppointments(await getDb(), user.id, query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
