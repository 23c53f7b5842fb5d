import { ZRegister } from "@/lib/contract/account";
import { registerClient } from "@/lib/server/auth/login";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { requestIp } from "@/lib/server/http/request-ip";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const body = await readJson(ctx, ZRegister);
  const { answer, deviceCookie } = await registerClient(await getDb(), body, requestIp(ctx.req));
  return json(answer, { status: 201, headers: { "set-cookie": deviceCookie } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
