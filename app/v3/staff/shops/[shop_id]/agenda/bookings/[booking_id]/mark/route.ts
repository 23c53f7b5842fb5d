import { ZAgendaMarkBody } from "@/lib/contract/agenda";
import { ZStaffBookingParams } from "@/lib/contract/staff";
import { markBooking } from "@/lib/server/agenda/actions";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, booking_id } = readParams(ctx, ZStaffBookingParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "bookings.manage");
  const { mark } = await readJson(ctx, ZAgendaMarkBody);
  return json({ booking: await markBooking(db, access, booking_id, mark) });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
