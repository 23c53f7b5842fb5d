import { ZRegister } from "@/lib/contract/account";
import { registerClient } from "@/lib/server/auth/login";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const body = await readJson(ctx, ZRegister);
  return json(await registerClient(await getDb(), body, requestIp(ctx.req)), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
