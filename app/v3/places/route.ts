import { ZPlaceQuery } from "@/lib/contract/search";
import { getReadDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { suggestPlaces, suggestShops } from "@/lib/server/shops/places";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const q = readQuery(ctx, ZPlaceQuery);
  const db = await getReadDb();
  const [items, shops] = await Promise.all([suggestPlaces(db, q.q, q.limit), suggestShops(db, q.q, q.shops)]);
  return json({ items, shops });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
