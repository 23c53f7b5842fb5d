import { ZAgendaNewBooking } from "@/lib/contract/agenda";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { bookAtFrontDesk } from "@/lib/server/agenda/actions";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "bookings.manage");
  const booking = await bookAtFrontDesk(db, access, await readJson(ctx, ZAgendaNewBooking), { language: ctx.lng });
  return json({ booking }, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
