import { ZAnswerReview, ZReviewParams } from "@/lib/contract/reviews";
import { requireUser } from "@/lib/server/auth/session";
import { getDb } from "@/lib/server/db/client";
import { json, readJson, readParams, route } from "@/lib/server/http/handler";
import { otherMethods } from "@/lib/server/http/methods";
import { answerReview } from "@/lib/server/reviews/answers";
import { requireStaff } from "@/lib/server/staff/access";

export const POST = route(async (ctx) => {
  const user = await requireUser(ctx.req);
  const { shop_id, review_id } = readParams(ctx, ZReviewParams);
  const db = await getDb();
  const access = await requireStaff(db, user.id, shop_id, "reviews.answer");
  const body = await readJson(ctx, ZAnswerReview);
  return json(await answerReview(db, access, review_id, body), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
