import { ZProductInput, ZProductParams } from "@/lib/contract/catalogue";
import { deleteProduct, updateProduct } from "@/lib/server/catalogue/catalogue";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, product_id } = readParams(ctx, ZProductParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "services.manage");
  const body = await readJson(ctx, ZProductInput);
  return json(await updateProduct(db, access, product_id, body));
});

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, product_id } = readParams(ctx, ZProductParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "services.manage");
  return json(await deleteProduct(db, access, product_id));
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
