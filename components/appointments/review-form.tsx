"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useT } from "next-i18next/client";
import { useEffect, useId, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { addReview } from "@/lib/api/appointments";
import { call } from "@/lib/api/client";
import { ZCreateReview } from "@/lib/contract/booking";
import { REVIEW_FORM_ID } from "./shop-links";

type ReviewInput = z.input<typeof ZCreateReview>;

/** 1–5 stars as a radio group (arrow keys move between them) and an optional comment. */
export function ReviewForm({ appointmentId, onDone }: { appointmentId: number; onDone: () => void }) {
  const { t } = useT("booking");
  const { register, handleSubmit, control, reset, formState } = useForm<ReviewInput, unknown, z.output<typeof ZCreateReview>>({
    resolver: zodResolver(ZCreateReview),
    defaultValues: { appointment_id: appointmentId, rating: undefined, comment: "" },
  });
  const rating = Number(useWatch({ control, name: "rating" }) ?? 0);
  const comment = String(useWatch({ control, name: "comment" }) ?? "");
  const ratingMissing = Boolean(formState.errors.rating);
  const busy = formState.isSubmitting;
  const ids = { title: useId(), comment: useId(), hint: useId(), err: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  // The page draws the form after its data arrives, too late for the browser to go to the link's #review:
  // go there now, and put the focus on the first star, where a keyboard or a screen reader starts rating.
  useEffect(() => {
    if (window.location.hash !== `#${REVIEW_FORM_ID}`) return;
    formRef.current?.scrollIntoView({ block: "start" });
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus({ preventScroll: true });
  }, []);

  const submit = handleSubmit(async (review) => {
    const done = await call(() => addReview(review), {
      t,
      errorKey: "CREATE_REVIEW_ERROR",
      successKey: "common:success.reviewCreated",
    });
    // A 409 (already rated) also means there is a review to show now.
    onDone();
    if (done) reset({ appointment_id: appointmentId, rating, comment: "" });
  });

  return (
    <form ref={formRef} id={REVIEW_FORM_ID} onSubmit={submit} className="card scroll-mt-20 p-4 md:p-6" aria-labelledby={ids.title} noValidate>
      <h2 id={ids.title} className="text-lg font-semibold">
        {t("review.title")}
      </h2>
      <fieldset className="mt-3" aria-describedby={ratingMissing ? ids.err : undefined}>
        <legend className="text-sm font-medium">{t("review.rating")}</legend>
        <div className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary">
              <input type="radio" value={n} className="sr-only" {...register("rating")} aria-label={t("review.star", { count: n })} />
              <span aria-hidden="true" className={`flex size-11 items-center justify-center text-3xl ${n <= rating ? "text-primary" : "text-muted"}`}>
                ★
              </span>
            </label>
          ))}
        </div>
        {ratingMissing && (
          <p id={ids.err} className="mt-1 text-sm text-danger">
            {t("review.chooseRating")}
          </p>
        )}
      </fieldset>
      <label htmlFor={ids.comment} className="mt-4 mb-1 block text-sm font-medium">
        {t("review.comment")}
      </label>
      <textarea id={ids.comment} className="input min-h-24 py-2" maxLength={1000} {...register("comment")} aria-describedby={ids.hint} />
      <p id={ids.hint} className="mt-1 text-xs text-muted">
        {t("review.commentHint", { count: comment.length })}
      </p>
      <button type="submit" className="btn-primary mt-4" disabled={busy} aria-busy={busy}>
        {t("review.submit")}
      </button>
    </form>
  );
}
