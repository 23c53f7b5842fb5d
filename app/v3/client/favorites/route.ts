import { ZFavoritesQuery } from "@/lib/contract/account";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { listFavorites } from "@/lib/server/favorites/favorites";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const GET = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const query = readQuery(ctx, ZFavoritesQuery);
  return json(await listFavorites(await getDb(), user.id, query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
