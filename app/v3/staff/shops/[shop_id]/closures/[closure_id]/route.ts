import { ZClosureParams } from "@/lib/contract/hours";
import { deleteClosure } from "@/lib/server/hours/hours";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, closure_id } = readParams(ctx, ZClosureParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "hours.manage");
  return json(await deleteClosure(db, access, closure_id));
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
