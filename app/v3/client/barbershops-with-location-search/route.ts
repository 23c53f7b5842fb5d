import { ZLocationSearchQuery } from "@/lib/contract/search";
import { optionalUser } from "@/lib/server/auth/session";
import { getReadDb } from "@/lib/server/db/client";
import { jsonText, readQuery, route } from "@/lib/server/http/handler";
import { searchShopsJson } from "@/lib/server/shops/search";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const q = readQuery(ctx, ZLocationSearchQuery);
  const user = await optionalUser(ctx.req);
  return jsonText(await searchShopsJson(await getReadDb(), q, { clientId: user?.id }));
});
