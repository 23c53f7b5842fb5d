import { ZAppointmentIdParams, ZManageTokenQuery } from "@/lib/contract/booking";
import { getAppointment } from "@/lib/server/appointments/read";
import { optionalUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const { manage_token } = readQuery(ctx, ZManageTokenQuery);
  const user = await optionalUser(ctx.req);
  return json({ appointment: await getAppointment(await getDb(), id, { user, manageToken: manage_token }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
