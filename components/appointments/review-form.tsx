"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { addReview } from "@/lib/api/appointments";
import { call } from "@/lib/api/client";

/** 1–5 stars as a radio group (arrow keys move between them) and an optional comment. */
export function ReviewForm({ appointmentId, onDone }: { appointmentId: number; onDone: () => void }) {
  const { t } = useT("booking");
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const ids = { title: useId(), comment: useId(), hint: useId(), err: useId() };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (rating < 1) return;
    setBusy(true);
    const done = await call(() => addReview({ appointment_id: appointmentId, rating, comment: comment.trim() || null }), {
      t,
      errorKey: "CREATE_REVIEW_ERROR",
      successKey: "common:success.reviewCreated",
    });
    setBusy(false);
    // A 409 (already rated) also means there is a review to show now.
    onDone();
    if (done) setComment("");
  }

  return (
    <form onSubmit={submit} className="card p-4 md:p-6" aria-labelledby={ids.title} noValidate>
      <h2 id={ids.title} className="text-lg font-semibold">
        {t("review.title")}
      </h2>
      <fieldset className="mt-3" aria-describedby={touched && rating < 1 ? ids.err : undefined}>
        <legend className="text-sm font-medium">{t("review.rating")}</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
              <input type="radio" name="rating" value={n} className="sr-only" checked={rating === n} onChange={() => setRating(n)} aria-label={t("review.star", { count: n })} />
              <span aria-hidden="true" className={`flex size-11 items-center justify-center text-3xl ${n <= rating ? "text-primary" : "text-muted"}`}>
                ★
              </span>
            </label>
          ))}
        </div>
        {touched && rating < 1 && (
          <p id={ids.err} className="mt-1 text-sm text-danger">
            {t("review.chooseRating")}
          </p>
        )}
      </fieldset>
      <label htmlFor={ids.comment} className="mt-4 mb-1 block text-sm font-medium">
        {t("review.comment")}
      </label>
      <textarea id={ids.comment} className="input min-h-24 py-2" maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} aria-describedby={ids.hint} />
      <p id={ids.hint} className="mt-1 text-xs text-muted">
        {t("review.commentHint", { count: comment.length })}
      </p>
      <button type="submit" className="btn-primary mt-4" disabled={busy} aria-busy={busy}>
        {t("review.submit")}
      </button>
    </form>
  );
}
