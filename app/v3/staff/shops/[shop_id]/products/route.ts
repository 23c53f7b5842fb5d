import { ZProductInput } from "@/lib/contract/catalogue";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { createProduct, listProducts } from "@/lib/server/catalogue/catalogue";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "shop.view");
  return json(await listProducts(db, access));
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "services.manage");
  const body = await readJson(ctx, ZProductInput);
  return json(await createProduct(db, access, body), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
