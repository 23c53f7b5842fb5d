import { ZIdParams } from "@/lib/contract/account";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { leaveWaitlist } from "@/lib/server/waitlist/waitlist";

export const DELETE = route<{ id: string }>(async (ctx) => {
  const user = await requireClient(ctx.req);
  const { id } = readParams(ctx, ZIdParams);
  await leaveWaitlist(await getDb(), user.id, id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
