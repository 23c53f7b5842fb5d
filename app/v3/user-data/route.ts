import { ZUpdateUserData, ZUserDataQuery } from "@/lib/contract/account";
import { getUserData, updateUserData } from "@/lib/server/accounts/profile";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { user_id } = readQuery(ctx, ZUserDataQuery);
  return json(getUserData(user, user_id));
});

export const PUT = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const body = await readJson(ctx, ZUpdateUserData);
  return json(await updateUserData(await getDb(), user, body, ctx.lng));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods({ GET, PUT });
