import { ZPushSubscriptionBody, ZPushUnsubscribeBody } from "@/lib/contract/alerts";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { readPushSettings, subscribePush, unsubscribePush } from "@/lib/server/alerts/push";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { type RouteContext, json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

// Each member subscribes and unsubscribes his own browsers: the access is the signed-in account's.
async function access(ctx: RouteContext<unknown>) {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  return { db, access: await requireStaff(db, user.id, shop_id) };
}

export const GET = route(async (ctx) => {
  const { db, access: a } = await access(ctx);
  return json(await readPushSettings(db, a));
});

export const POST = route(async (ctx) => {
  const { db, access: a } = await access(ctx);
  return json(await subscribePush(db, a, await readJson(ctx, ZPushSubscriptionBody)));
});

export const DELETE = route(async (ctx) => {
  const { db, access: a } = await access(ctx);
  return json(await unsubscribePush(db, a, (await readJson(ctx, ZPushUnsubscribeBody)).endpoint));
});

export const { PUT, PATCH, OPTIONS } = otherMethods({ GET, POST, DELETE });
