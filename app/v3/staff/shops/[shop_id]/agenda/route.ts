import { ZAgendaQuery } from "@/lib/contract/agenda";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { type AgendaHead, agendaHead, getAgendaBody } from "@/lib/server/agenda/day";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { jsonText, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaffWith } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const query = readQuery(ctx, ZAgendaQuery);
  const db = await getDb();
  const now = new Date();
  // The member's place and the day's versions in one statement: the agenda is read at every change, by every device.
  const { access, also: head } = await requireStaffWith<AgendaHead>(db, user.id, shop_id, "bookings.view", agendaHead(shop_id, query.date, now));
  return jsonText(await getAgendaBody(db, access, query, head, now), { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
