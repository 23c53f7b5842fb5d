import { ZPageQuery, ZShopIdParams } from "@/lib/contract/search";
import { getReadDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { listShopBarbers } from "@/lib/server/shops/detail";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route<{ barbershop_id: string }>(async (ctx) => {
  const { barbershop_id } = readParams(ctx, ZShopIdParams);
  const page = readQuery(ctx, ZPageQuery);
  return json(await listShopBarbers(await getReadDb(), barbershop_id, page));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
