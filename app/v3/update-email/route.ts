import { ZUpdateEmail } from "@/lib/contract/account";
import { requestEmailChange } from "@/lib/server/accounts/profile";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

/** 202: nothing changes until the link sent to the new address is confirmed. */
export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const body = await readJson(ctx, ZUpdateEmail);
  return json(await requestEmailChange(await getDb(), user, body, ctx.lng), 202);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
