import { ZShopSetup } from "@/lib/contract/onboarding";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { setupShop } from "@/lib/server/onboarding/shops";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "shop.profile");
  return json(await setupShop(db, access, await readJson(ctx, ZShopSetup)));
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
