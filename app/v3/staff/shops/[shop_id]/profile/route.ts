import { ZShopProfilePatch } from "@/lib/contract/onboarding";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { getProfile, updateProfile } from "@/lib/server/onboarding/shops";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  return json(await getProfile(db, await requireStaff(db, user.id, shop_id, "shop.view")));
});

export const PATCH = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "shop.profile");
  return json(await updateProfile(db, access, await readJson(ctx, ZShopProfilePatch)));
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods({ GET, PATCH });
