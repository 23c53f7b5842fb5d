import { ZJoinGuestWaitlist } from "@/lib/contract/waitlist";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requestIp } from "@/lib/server/http/request-ip";
import { phoneProofCookie, phoneProofOf } from "@/lib/server/appointments/guest-phone";
import { joinGuestWaitlist } from "@/lib/server/waitlist/guest";

export const POST = route(async (ctx) => {
  const body = await readJson(ctx, ZJoinGuestWaitlist);
  const { proof, ...answer } = await joinGuestWaitlist(await getDb(), body, { ip: requestIp(ctx.req), lng: ctx.lng, proof: phoneProofOf(ctx.req) });
  return json(answer, { status: 201, headers: proof ? { "set-cookie": phoneProofCookie(proof) } : {} });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
