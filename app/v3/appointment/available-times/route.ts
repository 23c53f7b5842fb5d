import { ZAvailableTimesQuery } from "@/lib/contract/booking";
import { movingAppointmentId } from "@/lib/server/appointments/reschedule";
import { getAvailableTimes } from "@/lib/server/availability/load";
import { getDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const { moving, manage_token, answer_token, ...query } = readQuery(ctx, ZAvailableTimesQuery);
  const db = await getDb();
  // Moving an appointment (its own client or guest only): its own time counts as free.
  const except = await movingAppointmentId(db, ctx.req, { moving, manage_token, answer_token });
  return json(await getAvailableTimes(db, query, new Date(), { exceptAppointmentId: except }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
