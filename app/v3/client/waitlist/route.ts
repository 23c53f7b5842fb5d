import { ZJoinWaitlist } from "@/lib/contract/waitlist";
import { requireClient } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { joinWaitlist, listWaitlist } from "@/lib/server/waitlist/waitlist";

export const GET = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  return json({ items: await listWaitlist(await getDb(), user.id) });
});

export const POST = route(async (ctx) => {
  const user = await requireClient(ctx.req);
  const body = await readJson(ctx, ZJoinWaitlist);
  return json({ entry: await joinWaitlist(await getDb(), user, body, ctx.lng) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
