import { ZAgendaBlockParams } from "@/lib/contract/agenda";
import { unblockTime } from "@/lib/server/agenda/actions";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const DELETE = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, block_id } = readParams(ctx, ZAgendaBlockParams);
  const db = await getDb();
  await unblockTime(db, await requireStaff(db, user.id, shop_id, "time.manage"), block_id);
  return new Response(null, { status: 204 });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods({ DELETE });
