import { ZShopHours } from "@/lib/contract/hours";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { ZConfirmQuery } from "@/lib/contract/team";
import { getShopHours, setShopHours } from "@/lib/server/hours/hours";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "shop.view");
  return json(await getShopHours(db, access));
});

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const query = readQuery(ctx, ZConfirmQuery);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "hours.manage");
  const body = await readJson(ctx, ZShopHours);
  return json(await setShopHours(db, access, body, query));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
