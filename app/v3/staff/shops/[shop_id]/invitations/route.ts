import { ZStaffShopParams } from "@/lib/contract/staff";
import { ZCreateInvitation } from "@/lib/contract/team";
import { createInvitation, listInvitations } from "@/lib/server/team/invitations";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.manage");
  return json(await listInvitations(db, access));
});

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.manage");
  const body = await readJson(ctx, ZCreateInvitation);
  return json(await createInvitation(db, access, body, ctx.lng), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
