import { ZAgendaFeedParams } from "@/lib/contract/agenda";
import { createAgendaFeed, revokeAgendaFeed } from "@/lib/server/agenda/feed";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const PUT = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id } = readParams(ctx, ZAgendaFeedParams);
  const db = await getDb();
  return json(await createAgendaFeed(db, await requireStaff(db, user.id, shop_id, "time.manage"), barber_id), {
    headers: { "cache-control": "private, no-store" },
  });
});

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, barber_id } = readParams(ctx, ZAgendaFeedParams);
  const db = await getDb();
  await revokeAgendaFeed(db, await requireStaff(db, user.id, shop_id, "time.manage"), barber_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PATCH, OPTIONS } = otherMethods({ PUT, DELETE });
