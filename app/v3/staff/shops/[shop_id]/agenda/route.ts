import { ZAgendaQuery } from "@/lib/contract/agenda";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { getAgendaText } from "@/lib/server/agenda/day";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { jsonText, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const query = readQuery(ctx, ZAgendaQuery);
  const db = await getDb();
  return jsonText(await getAgendaText(db, await requireStaff(db, user.id, shop_id, "bookings.view"), query), { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
