import { ZConfirmPhone } from "@/lib/contract/account";
import { confirmPhoneChange } from "@/lib/server/accounts/profile";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { otherMethods } from "@/lib/server/http/methods";
import { json, readJson, route } from "@/lib/server/http/handler";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { code } = await readJson(ctx, ZConfirmPhone);
  return json(await confirmPhoneChange(await getDb(), user, code, ctx.lng));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
