import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { publishShop, readPublication, unpublishShop } from "@/lib/server/onboarding/shops";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "shop.view");
  return json(await readPublication(db, access.shopId));
});

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  return json(await publishShop(db, await requireStaff(db, user.id, shop_id, "shop.publish"), ctx.lng));
});

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  return json(await unpublishShop(db, await requireStaff(db, user.id, shop_id, "shop.publish")));
});

export const { POST, PATCH, OPTIONS } = otherMethods({ GET, PUT, DELETE });
