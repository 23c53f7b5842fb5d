import { ZBarberParams } from "@/lib/contract/team";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { barberOfShop, isOwnBarber, requirePermission, requireStaff } from "@/lib/server/staff/access";
import { updateBarberPhoto } from "@/lib/server/team/barbers";
import { readImageField } from "@/lib/server/uploads/avatar";

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id } = readParams(ctx, ZBarberParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "time.manage");
  // Refused before the upload is read.
  await barberOfShop(db, access, barber_id);
  requirePermission(access, "time.manage", { isOwn: isOwnBarber(access, barber_id) });
  const image = await readImageField(ctx.req);
  return json(await updateBarberPhoto(db, access, barber_id, image));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
