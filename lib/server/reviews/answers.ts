import "server-only";
import { and, eq } from "drizzle-orm";
import type { TAnswerReview } from "@/lib/contract/reviews";
import { AppError } from "@/lib/server/http/errors";
import type { Db } from "@/lib/server/db/client";
import { reviews } from "@/lib/server/db/schema";
import { toReview } from "@/lib/server/appointments/read";
import { requireStaff, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";

/**
 * The shop answers a review once, in public (docs/decisions/0055-clients-and-review-answers.md). The update raises
 * the shop page's tags (migration 0014's triggers), so the cached page shows the answer.
 */
export async function answerReview(db: Db, access: StaffAccess, reviewId: number, input: TAnswerReview, now = new Date()) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "reviews.answer");
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.barbershopId, me.shopId)))
      .for("update");
    if (!review) throw new AppError("NOT_OF_SHOP", { key: "REVIEW_NOT_OF_SHOP" });
    if (review.answer !== null) throw new AppError("REVIEW_ANSWERED");
    const [answered] = await tx.update(reviews).set({ answer: input.text, answeredAt: now }).where(eq(reviews.id, review.id)).returning();
    await recordChange(tx, me, { action: "review.answer", subject: "review", subjectId: review.id, before: null, after: { answer: input.text } });
    return { review: toReview(answered) };
  });
}
