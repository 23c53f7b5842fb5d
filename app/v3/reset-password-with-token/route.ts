import { ZResetPassword } from "@/lib/contract/account";
import { resetPassword } from "@/lib/server/auth/recovery";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const body = await readJson(ctx, ZResetPassword);
  return json(await resetPassword(await getDb(), body, requestIp(ctx.req)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
