import { ZDeleteAccount } from "@/lib/contract/account";
import { deleteAccount } from "@/lib/server/accounts/data-rights";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { readJson, route } from "@/lib/server/http/handler";

export const DELETE = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { password } = await readJson(ctx, ZDeleteAccount);
  await deleteAccount(await getDb(), user, password);
  return new Response(null, { status: 204 });
});
