import { ZPageQuery, ZShopBarberParams } from "@/lib/contract/search";
import { getReadDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { listBarberServices } from "@/lib/server/shops/detail";
import { otherMethods } from "@/lib/server/http/methods";

export const dynamic = "force-dynamic";

export const GET = route<{ barbershop_id: string; barber_id: string }>(async (ctx) => {
  const { barbershop_id, barber_id } = readParams(ctx, ZShopBarberParams);
  const page = readQuery(ctx, ZPageQuery);
  return json(await listBarberServices(await getReadDb(), barbershop_id, barber_id, page));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
