import { ZIdParams } from "@/lib/contract/account";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { addFavorite, removeFavorite } from "@/lib/server/favorites/favorites";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

type P = { id: string };

export const POST = route<P>(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { id } = readParams(ctx, ZIdParams);
  return json(await addFavorite(await getDb(), user.id, id), 201);
});

export const DELETE = route<P>(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { id } = readParams(ctx, ZIdParams);
  return json(await removeFavorite(await getDb(), user.id, id));
});

export const { GET, PUT, PATCH, OPTIONS } = otherMethods({ POST, DELETE });
