import { ZAlertPrefsBody } from "@/lib/contract/alerts";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { readAlertPrefs, saveAlertPrefs } from "@/lib/server/alerts/prefs";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { requestLang } from "@/lib/server/http/i18n";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

// Every member reads and sets his own: the access is the signed-in account's, never another member's.
export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  return json(await readAlertPrefs(db, await requireStaff(db, user.id, shop_id)));
});

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id);
  return json(await saveAlertPrefs(db, access, await readJson(ctx, ZAlertPrefsBody), requestLang(ctx.req)));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
