import { ZAgendaClientsQuery } from "@/lib/contract/agenda";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { findShopClients } from "@/lib/server/agenda/actions";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const { q } = readQuery(ctx, ZAgendaClientsQuery);
  const db = await getDb();
  return json(await findShopClients(db, await requireStaff(db, user.id, shop_id, "bookings.view"), q), { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
