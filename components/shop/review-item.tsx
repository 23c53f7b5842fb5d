import type { TReview } from "@/lib/contract/shops";
import { formatDate } from "./format";
import type { Translate } from "./shop-card";

/** One review; no hooks, so the server renders the first page and the client the next ones. */
export function ReviewItem({ review, t, lng, barberName }: { review: TReview; t: Translate; lng: string; barberName?: string }) {
  return (
    <li className="border-b border-line py-4 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{review.client_name}</p>
        <p className="text-sm text-muted">
          <time dateTime={review.created_at}>{formatDate(lng, review.created_at)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm">
        {/* A paragraph cannot carry a label: the stars are read out as text instead. */}
        <span className="sr-only">{t("ratings.stars", { count: review.rating })}</span>
        <span aria-hidden="true" className="tracking-wider text-primary">
          {"★".repeat(review.rating)}
          <span className="text-line">{"★".repeat(5 - review.rating)}</span>
        </span>
      </p>
      {review.comment ? <p className="mt-2 text-ink">{review.comment}</p> : <p className="mt-2 text-sm text-muted italic">{t("ratings.noComment")}</p>}
      {barberName ? <p className="mt-1 text-xs text-muted">{t("ratings.with", { name: barberName })}</p> : null}
    </li>
  );
}
