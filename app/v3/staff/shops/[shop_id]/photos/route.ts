import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { addShopPhoto } from "@/lib/server/onboarding/photos";
import { requireStaff } from "@/lib/server/staff/access";
import { readImageField } from "@/lib/server/uploads/avatar";

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "shop.profile");
  return json(await addShopPhoto(db, access, await readImageField(ctx.req)), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
