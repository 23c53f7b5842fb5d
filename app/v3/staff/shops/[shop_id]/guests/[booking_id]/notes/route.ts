import { ZClientNoteBody, ZGuestParams } from "@/lib/contract/clients";
import { requireUser } from "@/lib/server/auth/session";
import { addClientNote } from "@/lib/server/clients/cards";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, booking_id } = readParams(ctx, ZGuestParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "bookings.view");
  const { text } = await readJson(ctx, ZClientNoteBody);
  return json({ note: await addClientNote(db, access, { kind: "guest-booking", bookingId: booking_id }, text) }, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
