import { requireClientSession } from "@/lib/server/auth/session";
import { authAnswer } from "@/lib/server/auth/users";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

// Same session, same sign-in time: renewals never carry a session past its absolute end.
export const POST = route(async (ctx) => {
  const { user, session } = await requireClientSession(ctx.req);
  return json(await authAnswer(user, session));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
