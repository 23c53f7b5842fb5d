"use client";
import { useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { fetchReviews } from "@/lib/api/shops";
import type { TReview } from "@/lib/contract/shops";
import { toast } from "@/lib/browser/toast";
import { withLang } from "@/components/ui/link";
import { MoreLink } from "@/components/ui/more-link";
import { ReviewItem, type ReviewLabels } from "./review-item";
import { MAX_REVIEWS_SHOWN, REVIEWS_MORE_ANCHOR, REVIEWS_PAGE } from "./reviews-paging";

export type ReviewsMoreLabels = { review: ReviewLabels; more: string; loading: string; loadMore: string; failed: string };

/**
 * Reviews after the server-rendered ones, fetched from the reviews route on demand. Its words come
 * translated from the server page (no i18next in the shop page's JavaScript). The control is a link to the
 * shop page showing ten reviews more (`?reviews=`), so a tap before the page's JavaScript has run still works:
 * the server renders them and the browser lands on the first new one (the Ratings tab opens for it without
 * JavaScript too). Once hydrated, the link fetches the next ten in place. Past MAX_REVIEWS_SHOWN it is a
 * button that only fetches.
 */
export function ReviewsMore({
  shopId,
  path,
  shown,
  total,
  lng,
  servedBy,
  labels,
}: {
  shopId: number;
  /** The shop page's path, for the link. */
  path: string;
  shown: number;
  total: number;
  lng: string;
  /** "Served by <name>" per barber id. */
  servedBy: Record<number, string>;
  labels: ReviewsMoreLabels;
}) {
  const [more, setMore] = useState<TReview[]>([]);
  const [count, setCount] = useState(total);
  const [loading, setLoading] = useState(false);

  async function load() {
    if (loading) return;
    setLoading(true);
    try {
      const { data } = await fetchReviews(shopId, { skip: shown + more.length, limit: REVIEWS_PAGE });
      setMore((m) => [...m, ...data.items]);
      setCount(data.total);
    } catch (err) {
      toast.error(labels.failed, { description: errorMessage(err) });
    } finally {
      setLoading(false);
    }
  }

  const now = shown + more.length;

  return (
    <>
      {more.length > 0 ? (
        <ul aria-label={labels.more}>
          {more.map((r) => (
            <ReviewItem key={r.id} review={r} labels={labels.review} lng={lng} servedBy={servedBy[r.barber_id]} />
          ))}
        </ul>
      ) : null}
      {now < count ? (
        <MoreLink
          href={
            now < MAX_REVIEWS_SHOWN ? `${withLang(`${path}?reviews=${Math.min(now + REVIEWS_PAGE, MAX_REVIEWS_SHOWN)}`, lng)}#${REVIEWS_MORE_ANCHOR}` : null
          }
          onMore={() => void load()}
          loading={loading}
          className="btn-ghost mt-4"
        >
          {loading ? labels.loading : labels.loadMore}
        </MoreLink>
      ) : null}
    </>
  );
}
