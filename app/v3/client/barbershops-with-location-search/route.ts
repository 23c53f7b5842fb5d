import { ZLocationSearchQuery } from "@/lib/contract/search";
import { optionalUser } from "@/lib/server/auth/session";
import { getReadDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { searchShops } from "@/lib/server/shops/search";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const q = readQuery(ctx, ZLocationSearchQuery);
  const user = await optionalUser(ctx.req);
  return json(await searchShops(await getReadDb(), q, { clientId: user?.id }));
});
