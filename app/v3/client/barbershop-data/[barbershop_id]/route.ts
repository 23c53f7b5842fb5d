import { ZShopDataQuery, ZShopIdParams } from "@/lib/contract/search";
import { optionalUser } from "@/lib/server/auth/session";
import { getReadDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { getShopData } from "@/lib/server/shops/detail";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route<{ barbershop_id: string }>(async (ctx) => {
  const { barbershop_id } = readParams(ctx, ZShopIdParams);
  const q = readQuery(ctx, ZShopDataQuery);
  const user = await optionalUser(ctx.req);
  return json(await getShopData(await getReadDb(), barbershop_id, { latitude: q.latitude, longitude: q.longitude, clientId: user?.id }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
