import { ZInvitationTokenParams } from "@/lib/contract/team";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { previewInvitation } from "@/lib/server/team/invitations";

export const GET = route(async (ctx) => {
  const { token } = readParams(ctx, ZInvitationTokenParams);
  return json(await previewInvitation(await getDb(), token));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
