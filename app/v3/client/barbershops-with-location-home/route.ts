import { ZLocationListQuery } from "@/lib/contract/search";
import { optionalUser } from "@/lib/server/auth/session";
import { getReadDb } from "@/lib/server/db/client";
import { jsonText, readQuery, route } from "@/lib/server/http/handler";
import { checkWhen, searchShopsJson } from "@/lib/server/shops/search";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route(async (ctx) => {
  const q = readQuery(ctx, ZLocationListQuery);
  checkWhen(q, ctx.lng);
  const user = await optionalUser(ctx.req);
  return jsonText(await searchShopsJson(await getReadDb(), q, { clientId: user?.id }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
