import { requireClient } from "@/lib/server/auth/session";
import { authAnswer } from "@/lib/server/auth/users";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  return json(await authAnswer(user));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
