"use client";
import { useT } from "next-i18next/client";
import type { TReview } from "@/lib/contract/shops";
import { StarRow } from "@/components/ui/star-row";

/** The rating the client gave this visit. */
export function YourReview({ review }: { review: TReview }) {
  const { t } = useT("booking");
  return (
    <section className="card p-4 md:p-6" aria-labelledby="your-review">
      <h2 id="your-review" className="text-lg font-semibold">
        {t("review.yours")}
      </h2>
      <p className="mt-2">
        <span className="sr-only">{t("review.star", { count: review.rating })}</span>
        <StarRow rating={review.rating} />
      </p>
      {review.comment && (
        <p className="mt-2" lang={review.comment_lang ?? undefined}>
          {review.comment}
        </p>
      )}
    </section>
  );
}
