import { ZInvitationTokenParams } from "@/lib/contract/team";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { acceptInvitation } from "@/lib/server/team/invitations";

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { token } = readParams(ctx, ZInvitationTokenParams);
  return json(await acceptInvitation(await getDb(), user, token));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
