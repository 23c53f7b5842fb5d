import type { TReviewList } from "@/lib/contract/search";
import type { TBarber } from "@/lib/contract/shops";
import { formatRating } from "./format";
import { ReviewItem, reviewLabels } from "./review-item";
import { ReviewsMore } from "./reviews-more";
import { REVIEWS_FIRST_PAGE, REVIEWS_MORE_ANCHOR, REVIEWS_PAGE } from "./reviews-paging";
import type { Translate } from "@/lib/i18n/translate";

/** The shop page's Ratings tab: the average, the distribution, the first reviews and a link for more. */
export function ShopRatingsSection({
  shopId,
  path,
  reviews,
  barbers,
  t,
  lng,
}: {
  shopId: number;
  path: string;
  reviews: TReviewList;
  barbers: TBarber[];
  t: Translate;
  lng: string;
}) {
  const servedBy: Record<number, string> = Object.fromEntries(barbers.map((b) => [b.id, t("ratings.with", { name: b.name })]));
  const reviewWords = reviewLabels(t);
  const maxCount = Math.max(1, ...Object.values(reviews.distribution));
  // A page that shows more than the first page (from `reviews`) marks its first new review: "See more reviews"
  // without JavaScript lands there.
  const firstAdded = reviews.items.length > REVIEWS_FIRST_PAGE ? Math.max(REVIEWS_FIRST_PAGE, reviews.items.length - REVIEWS_PAGE) : -1;
  return (
    <div>
      {reviews.rating_count === 0 ? (
        <p className="text-muted">{t("ratings.none")}</p>
      ) : (
        <>
          <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
            <div className="text-center sm:w-40">
              <p className="text-5xl font-bold">{formatRating(lng, reviews.rating_avg)}</p>
              <p className="text-primary" aria-hidden="true">
                {"★".repeat(Math.round(reviews.rating_avg))}
              </p>
              <p className="text-sm text-muted">{t("ratings.count", { count: reviews.rating_count })}</p>
            </div>
            <ul className="flex-1" aria-label={t("ratings.distribution")}>
              {([5, 4, 3, 2, 1] as const).map((n) => {
                const count = reviews.distribution[String(n) as "1"];
                return (
                  <li key={n} className="flex items-center gap-2 text-sm">
                    <span className="w-20 shrink-0 whitespace-nowrap">{t("ratings.stars", { count: n })}</span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
                      <span className="block h-full rounded-full bg-primary" style={{ width: `${(count / maxCount) * 100}%` }} />
                    </span>
                    <span className="w-10 shrink-0 text-right text-muted">{count}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          <h2 className="mt-6 font-semibold">{t("ratings.latest")}</h2>
          <ul>
            {reviews.items.map((r, i) => (
              <ReviewItem
                key={r.id}
                review={r}
                labels={reviewWords}
                lng={lng}
                servedBy={servedBy[r.barber_id]}
                anchor={i === firstAdded ? REVIEWS_MORE_ANCHOR : undefined}
              />
            ))}
          </ul>
          <ReviewsMore
            shopId={shopId}
            path={path}
            shown={reviews.items.length}
            total={reviews.total}
            lng={lng}
            servedBy={servedBy}
            labels={{
              review: reviewWords,
              more: t("ratings.more"),
              loading: t("ratings.loading"),
              loadMore: t("ratings.loadMore"),
              failed: t("errors:LOAD_BARBERSHOP_ERROR"),
            }}
          />
        </>
      )}
    </div>
  );
}
