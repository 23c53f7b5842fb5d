import { ZCepParams } from "@/lib/contract/onboarding";
import { requireUser } from "@/lib/server/auth/session";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { lookupCep } from "@/lib/server/onboarding/lookups";
import { consume, LIMITS } from "@/lib/server/rate-limit/limiter";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { cep } = readParams(ctx, ZCepParams);
  await consume([[LIMITS.onboardingLookupsPerUser, String(user.id)]]);
  return json(await lookupCep(cep));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
