import { ZAppointmentIdParams, ZManageTokenQuery, ZRescheduleBody } from "@/lib/contract/booking";
import { rescheduleAppointment } from "@/lib/server/appointments/reschedule";
import { appointmentAccess } from "@/lib/server/appointments/access";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const PUT = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const access = await appointmentAccess(ctx.req, readQuery(ctx, ZManageTokenQuery));
  const body = await readJson(ctx, ZRescheduleBody);
  return json({ appointment: await rescheduleAppointment(await getDb(), id, body, access) });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
