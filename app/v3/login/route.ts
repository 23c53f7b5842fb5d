import { ZLogin } from "@/lib/contract/account";
import { login } from "@/lib/server/auth/login";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const body = await readJson(ctx, ZLogin);
  const { answer, deviceCookie } = await login(await getDb(), body, { ip: requestIp(ctx.req), cookie: ctx.req.headers.get("cookie") });
  return json(answer, { headers: { "set-cookie": deviceCookie } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
