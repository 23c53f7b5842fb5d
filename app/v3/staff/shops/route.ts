import { ZCreateShop } from "@/lib/contract/onboarding";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { createShop } from "@/lib/server/onboarding/shops";
import { assertNotLimited, consume, LIMITS } from "@/lib/server/rate-limit/limiter";
import { listMyShops } from "@/lib/server/staff/shops";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  return json(await listMyShops(await getDb(), user.id));
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const input = await readJson(ctx, ZCreateShop);
  // Only shops made count: a name taken or a pin refused does not use up the day's.
  await assertNotLimited(LIMITS.shopsCreatedPerUser, String(user.id));
  const made = await createShop(await getDb(), user.id, input);
  await consume([[LIMITS.shopsCreatedPerUser, String(user.id)]]);
  return json(made, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
