import { ZManageTokenQuery, ZUpdateStatusParams } from "@/lib/contract/booking";
import { changeAppointmentStatus } from "@/lib/server/appointments/manage";
import { optionalUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const PUT = route<{ id: string; status: string }>(async (ctx) => {
  const { id, status } = readParams(ctx, ZUpdateStatusParams);
  const { manage_token } = readQuery(ctx, ZManageTokenQuery);
  const user = await optionalUser(ctx.req);
  return json({ appointment: await changeAppointmentStatus(await getDb(), id, status, { user, manageToken: manage_token }) });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
