import { ZCheckPhone } from "@/lib/contract/account";
import { isPhoneRegistered } from "@/lib/server/auth/login";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const body = await readJson(ctx, ZCheckPhone);
  return json(await isPhoneRegistered(await getDb(), body, requestIp(ctx.req)));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
