import { ZTimeOffParams } from "@/lib/contract/team";
import { removeTimeOff } from "@/lib/server/team/barbers";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id, time_off_id } = readParams(ctx, ZTimeOffParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "time.manage");
  return json(await removeTimeOff(db, access, barber_id, time_off_id));
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
