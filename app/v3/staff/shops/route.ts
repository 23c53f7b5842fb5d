import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listMyShops } from "@/lib/server/staff/shops";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  return json(await listMyShops(await getDb(), user.id));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
