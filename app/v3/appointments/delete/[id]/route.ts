import { ZAppointmentIdParams } from "@/lib/contract/booking";
import { changeAppointmentStatus } from "@/lib/server/appointments/manage";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

// Cancels rather than deletes: the shop keeps the record and the client sees it in the history.
export const DELETE = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZAppointmentIdParams);
  const user = await requireClient(ctx.req);
  return json({ appointment: await changeAppointmentStatus(await getDb(), id, "cancelled", { user }) });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
