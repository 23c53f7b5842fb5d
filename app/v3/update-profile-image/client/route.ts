import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, route } from "@/lib/server/http/handler";
import { readImageField, updateAvatar } from "@/lib/server/uploads/avatar";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const image = await readImageField(ctx.req);
  return json(await updateAvatar(await getDb(), user.id, user.avatarUrl, image));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
