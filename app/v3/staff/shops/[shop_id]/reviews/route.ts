import { ZStaffReviewsQuery } from "@/lib/contract/reviews";
import { ZStaffShopParams } from "@/lib/contract/staff";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readParams, readQuery, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { listShopReviews } from "@/lib/server/reviews/list";
import { requireStaff } from "@/lib/server/staff/access";

export const GET = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id } = readParams(ctx, ZStaffShopParams);
  const query = readQuery(ctx, ZStaffReviewsQuery);
  const db = await getDb();
  return json(await listShopReviews(db, await requireStaff(db, user.id, shop_id, "shop.view"), query));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
