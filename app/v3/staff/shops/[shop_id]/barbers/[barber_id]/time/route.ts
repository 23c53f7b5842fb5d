import { ZBarberParams, ZBarberTime, ZConfirmQuery } from "@/lib/contract/team";
import { setBarberTime } from "@/lib/server/team/barbers";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id } = readParams(ctx, ZBarberParams);
  const query = readQuery(ctx, ZConfirmQuery);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "time.manage");
  const body = await readJson(ctx, ZBarberTime);
  return json(await setBarberTime(db, access, barber_id, body, query));
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
