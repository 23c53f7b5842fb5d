import { ZStaffBookingParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";
import { getStaffBooking } from "@/lib/server/staff/bookings";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, booking_id } = readParams(ctx, ZStaffBookingParams);
  const db = await getDb();
  return json(await getStaffBooking(db, await requireStaff(db, user.id, shop_id, "bookings.view"), booking_id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
