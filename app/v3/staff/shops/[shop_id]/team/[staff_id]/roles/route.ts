import { ZSetStaffRoles, ZStaffMemberParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";
import { setStaffRoles } from "@/lib/server/staff/team";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, staff_id } = readParams(ctx, ZStaffMemberParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "roles.manage");
  return json(await setStaffRoles(db, access, staff_id, await readJson(ctx, ZSetStaffRoles)));
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods({ PUT });
