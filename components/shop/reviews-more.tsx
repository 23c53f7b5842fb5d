"use client";
import { useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { fetchReviews } from "@/lib/api/shops";
import type { TReview } from "@/lib/contract/shops";
import { toast } from "@/lib/toast";
import { ReviewItem, type ReviewLabels } from "./review-item";

const PAGE = 10;

export type ReviewsMoreLabels = { review: ReviewLabels; more: string; loading: string; loadMore: string; failed: string };

/**
 * Reviews after the server-rendered first page, fetched from the reviews route on demand. Its
 * words come translated from the server page (no i18next in the shop page's JavaScript).
 */
export function ReviewsMore({
  shopId,
  shown,
  total,
  lng,
  servedBy,
  labels,
}: {
  shopId: number;
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
    setLoading(true);
    try {
      const { data } = await fetchReviews(shopId, { skip: shown + more.length, limit: PAGE });
      setMore((m) => [...m, ...data.items]);
      setCount(data.total);
    } catch (err) {
      toast.error(labels.failed, { description: errorMessage(err) });
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      {more.length > 0 ? (
        <ul aria-label={labels.more}>
          {more.map((r) => (
            <ReviewItem key={r.id} review={r} labels={labels.review} lng={lng} servedBy={servedBy[r.barber_id]} />
          ))}
        </ul>
      ) : null}
      {shown + more.length < count ? (
        <button type="button" className="btn-ghost mt-4" onClick={load} disabled={loading} aria-busy={loading}>
          {loading ? labels.loading : labels.loadMore}
        </button>
      ) : null}
    </>
  );
}
