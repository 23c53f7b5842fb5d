import { ZStaffShopParams } from "@/lib/contract/staff";
import { listBarbers } from "@/lib/server/team/barbers";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.view");
  return json(await listBarbers(db, access));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
