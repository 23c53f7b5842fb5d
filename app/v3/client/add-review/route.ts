import { ZCreateReview } from "@/lib/contract/booking";
import { addReview } from "@/lib/server/appointments/manage";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const input = await readJson(ctx, ZCreateReview);
  return json({ review: await addReview(await getDb(), { user }, input) }, 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
