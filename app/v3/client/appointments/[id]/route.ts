import { ZAppointmentIdParams, ZManageTokenQuery } from "@/lib/contract/booking";
import { getAppointment } from "@/lib/server/appointments/read";
import { appointmentAccess } from "@/lib/server/appointments/access";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const access = await appointmentAccess(ctx.req, readQuery(ctx, ZManageTokenQuery));
  return json({ appointment: await getAppointment(await getDb(), id, access) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
