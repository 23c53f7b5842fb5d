import { ZPlaceQuery } from "@/lib/contract/search";
import { getReadDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { suggestPlaces } from "@/lib/server/shops/places";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const q = readQuery(ctx, ZPlaceQuery);
  return json({ items: await suggestPlaces(await getReadDb(), q.q, q.limit) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
