import { ZDeleteAccount } from "@/lib/contract/account";
import { deleteAccount } from "@/lib/server/accounts/data-rights";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const DELETE = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { password } = await readJson(ctx, ZDeleteAccount);
  await deleteAccount(await getDb(), user, password);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
