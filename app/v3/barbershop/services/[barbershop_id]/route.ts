import { ZServicesQuery, ZShopIdParams } from "@/lib/contract/search";
import { getReadDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { listShopServices } from "@/lib/server/shops/detail";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route<{ barbershop_id: string }>(async (ctx) => {
  const { barbershop_id } = readParams(ctx, ZShopIdParams);
  const q = readQuery(ctx, ZServicesQuery);
  return json(await listShopServices(await getReadDb(), barbershop_id, { all: q.all_services, skip: q.skip, limit: q.limit }));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
