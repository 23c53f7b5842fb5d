import { ZShopIdParams } from "@/lib/contract/search";
import { getReadDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { shopNextFreeTimes } from "@/lib/server/shops/detail";

export const dynamic = "force-dynamic";

export const GET = route<{ barbershop_id: string }>(async (ctx) => {
  const { barbershop_id } = readParams(ctx, ZShopIdParams);
  return json(await shopNextFreeTimes(await getReadDb(), barbershop_id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
