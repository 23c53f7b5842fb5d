import { ZClientParams } from "@/lib/contract/clients";
import { requireUser } from "@/lib/server/auth/session";
import { clientCard } from "@/lib/server/clients/cards";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, client_id } = readParams(ctx, ZClientParams);
  const db = await getDb();
  return json(await clientCard(db, await requireStaff(db, user.id, shop_id, "bookings.view"), { kind: "client", id: client_id }), {
    headers: { "cache-control": "private, no-store" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
