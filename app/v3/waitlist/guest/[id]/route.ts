import { ZIdParams } from "@/lib/contract/account";
import { ZGuestWaitlistTokenQuery } from "@/lib/contract/waitlist";
import { getDb } from "@/lib/server/db/client";
import { readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { leaveGuestWaitlist } from "@/lib/server/waitlist/guest";

export const DELETE = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, ZIdParams);
  const { token } = readQuery(ctx, ZGuestWaitlistTokenQuery);
  await leaveGuestWaitlist(await getDb(), id, token);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
