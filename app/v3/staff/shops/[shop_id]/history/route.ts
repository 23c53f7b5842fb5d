import { ZStaffHistoryQuery, ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { requireStaff } from "@/lib/server/staff/access";
import { listChanges } from "@/lib/server/staff/history";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const query = readQuery(ctx, ZStaffHistoryQuery);
  const db = await getDb();
  return json(await listChanges(db, await requireStaff(db, user.id, shop_id, "history.view"), query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
