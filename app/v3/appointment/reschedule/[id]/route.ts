import { ZAppointmentIdParams, ZManageTokenQuery, ZRescheduleBody } from "@/lib/contract/booking";
import { rescheduleAppointment } from "@/lib/server/appointments/reschedule";
import { optionalUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const PUT = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const { manage_token } = readQuery(ctx, ZManageTokenQuery);
  const body = await readJson(ctx, ZRescheduleBody);
  const user = await optionalUser(ctx.req);
  return json({ appointment: await rescheduleAppointment(await getDb(), id, body, { user, manageToken: manage_token }) });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
