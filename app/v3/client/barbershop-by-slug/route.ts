import { ZSlugQuery } from "@/lib/contract/search";
import { optionalUser } from "@/lib/server/auth/session";
import { getReadDb } from "@/lib/server/db/client";
import { json, readQuery, route } from "@/lib/server/http/handler";
import { getShopBySlug } from "@/lib/server/shops/detail";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const q = readQuery(ctx, ZSlugQuery);
  const user = await optionalUser(ctx.req);
  return json({ barbershop: await getShopBySlug(await getReadDb(), q.slug, { clientId: user?.id }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
