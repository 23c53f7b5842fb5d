import { ZGeocodeQuery } from "@/lib/contract/onboarding";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { geocode } from "@/lib/server/onboarding/lookups";
import { consume, LIMITS } from "@/lib/server/rate-limit/limiter";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { q } = readQuery(ctx, ZGeocodeQuery);
  await consume([[LIMITS.onboardingLookupsPerUser, String(user.id)]]);
  return json(await geocode(await getDb(), q));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
