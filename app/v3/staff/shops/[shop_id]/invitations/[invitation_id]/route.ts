import { ZInvitationParams } from "@/lib/contract/team";
import { revokeInvitation } from "@/lib/server/team/invitations";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, invitation_id } = readParams(ctx, ZInvitationParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "team.manage");
  return json(await revokeInvitation(db, access, invitation_id));
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
