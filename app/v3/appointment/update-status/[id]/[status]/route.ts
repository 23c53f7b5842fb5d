import { ZManageTokenQuery, ZUpdateStatusParams } from "@/lib/contract/booking";
import { changeAppointmentStatus } from "@/lib/server/appointments/manage";
import { appointmentAccess } from "@/lib/server/appointments/access";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const PUT = route<{ id: string; status: string }>(async (ctx) => {
  const { id, status } = readParams(ctx, ZUpdateStatusParams);
  const access = await appointmentAccess(ctx.req, readQuery(ctx, ZManageTokenQuery));
  return json({ appointment: await changeAppointmentStatus(await getDb(), id, status, access) });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
