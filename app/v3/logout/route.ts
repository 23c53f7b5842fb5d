import { authenticate, revokeSession } from "@/lib/server/auth/session";
import { unauthorized } from "@/lib/server/http/errors";
import { route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const auth = await authenticate(ctx.req);
  if (!auth) throw unauthorized();
  await revokeSession(auth.session.sid);
  return new Response(null, { status: 204 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
