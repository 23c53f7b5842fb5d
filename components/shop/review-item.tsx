import type { TReview } from "@/lib/contract/shops";
import { formatDate } from "./format";
import type { Translate } from "@/lib/i18n/translate";
import { StarRow } from "@/components/ui/star-row";

/** The words of a review, translated once by the server (the client's next pages reuse them). */
export type ReviewLabels = { stars: string[]; noComment: string; answer: string };

export function reviewLabels(t: Translate): ReviewLabels {
  return {
    stars: [0, 1, 2, 3, 4, 5].map((count) => t("ratings.stars", { count })),
    noComment: t("ratings.noComment"),
    answer: t("ratings.answer"),
  };
}

/** One review; no hooks, so the server renders the first page and the client the next ones. */
export function ReviewItem({
  review,
  labels,
  lng,
  servedBy,
  anchor,
}: {
  review: TReview;
  labels: ReviewLabels;
  lng: string;
  servedBy?: string;
  anchor?: string;
}) {
  // (An anchor clears the sticky header when the browser scrolls to it.)
  return (
    <li id={anchor} className={`border-b border-line py-4 last:border-b-0${anchor ? " scroll-mt-20" : ""}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{review.client_name}</p>
        <p className="text-sm text-muted">
          <time dateTime={review.created_at}>{formatDate(lng, review.created_at)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm">
        {/* A paragraph cannot carry a label: the stars are read out as text instead. */}
        <span className="sr-only">{labels.stars[review.rating]}</span>
        <StarRow rating={review.rating} />
      </p>
      {/* In the language it was written in (a Portuguese review on an English page is read out in Portuguese). */}
      {review.comment ? (
        <p className="mt-2 text-ink" lang={review.comment_lang ?? undefined}>
          {review.comment}
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted italic">{labels.noComment}</p>
      )}
      {servedBy ? <p className="mt-1 text-xs text-muted">{servedBy}</p> : null}
      {review.answer ? (
        <div className="mt-3 border-l-2 border-primary pl-3">
          <p className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
            <span className="font-semibold text-primary">{labels.answer}</span>
            <time className="text-muted" dateTime={review.answer.at}>
              {formatDate(lng, review.answer.at)}
            </time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{review.answer.text}</p>
        </div>
      ) : null}
    </li>
  );
}
