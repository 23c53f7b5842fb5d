import "server-only";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { TStaffReviews, TStaffReviewsQuery } from "@/lib/contract/reviews";
import type { Executor } from "@/lib/server/db/client";
import { barbers, reviews } from "@/lib/server/db/schema";
import { toReview } from "@/lib/server/appointments/read";
import type { StaffAccess } from "@/lib/server/staff/access";

/**
 * The shop's reviews for its console, newest first, a page at a time (`before`: the last id of the page read; the
 * order is by time, then id, through reviews_shop_idx), with how many there are and how many wait for an answer.
 */
export async function listShopReviews(db: Executor, access: StaffAccess, query: TStaffReviewsQuery): Promise<TStaffReviews> {
  const limit = query.limit ?? 20;
  const ofShop = eq(reviews.barbershopId, access.shopId);
  const filter = query.filter === "unanswered" ? isNull(reviews.answer) : undefined;
  const after = query.before
    ? sql`(${reviews.createdAt}, ${reviews.id}) < (select r.created_at, r.id from reviews r where r.id = ${query.before} and r.barbershop_id = ${access.shopId})`
    : undefined;
  const rows = await db
    .select({ review: reviews, barberName: barbers.name })
    .from(reviews)
    .innerJoin(barbers, eq(barbers.id, reviews.barberId))
    .where(and(ofShop, filter, after))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  const [counts] = await db
    .select({ total: count(), unanswered: count(sql`case when ${reviews.answer} is null then 1 end`) })
    .from(reviews)
    .where(ofShop);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({ ...toReview(r.review), barber_name: r.barberName })),
    next_before: rows.length > limit ? page[page.length - 1].review.id : null,
    total: counts.total,
    unanswered: counts.unanswered,
  };
}
