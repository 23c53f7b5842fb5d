import { ZStaffMemberParams } from "@/lib/contract/staff";
import { ZRemoveMember } from "@/lib/contract/team";
import { removalPreview, removeMember } from "@/lib/server/team/removal";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, staff_id } = readParams(ctx, ZStaffMemberParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.manage");
  return json(await removalPreview(db, access, staff_id));
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, staff_id } = readParams(ctx, ZStaffMemberParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.manage");
  const body = await readJson(ctx, ZRemoveMember);
  return json(await removeMember(db, access, staff_id, body));
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
