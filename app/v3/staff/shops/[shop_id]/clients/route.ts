import { ZClientsQuery } from "@/lib/contract/clients";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { listShopClients } from "@/lib/server/clients/cards";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const { q } = readQuery(ctx, ZClientsQuery);
  const db = await getDb();
  return json(await listShopClients(db, await requireStaff(db, user.id, shop_id, "bookings.view"), q), { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
