import { ZBarberParams, ZUpdateBarber } from "@/lib/contract/team";
import { getBarber, updateBarber } from "@/lib/server/team/barbers";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id } = readParams(ctx, ZBarberParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.view");
  return json(await getBarber(db, access, barber_id));
});

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id } = readParams(ctx, ZBarberParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "time.manage");
  const body = await readJson(ctx, ZUpdateBarber);
  return json(await updateBarber(db, access, barber_id, body));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
