import { ZUpdateEmail } from "@/lib/contract/account";
import { updateEmail } from "@/lib/server/accounts/profile";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { email } = await readJson(ctx, ZUpdateEmail);
  return json(await updateEmail(await getDb(), user, email, ctx.lng));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
