"use client";
import { useT } from "next-i18next/client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ConsoleStates } from "@/components/team/console-states";
import { useConsoleShop } from "@/components/team/use-console-shop";
import { LoadingBlock } from "@/components/ui/skeleton";
import { StarRow } from "@/components/ui/star-row";
import { errorMessage } from "@/lib/api/errors";
import { answerReview, reviewsPath, type TStaffReview, type TStaffReviews } from "@/lib/api/reviews";
import { useApiPages } from "@/lib/api/swr";

type Filter = "all" | "unanswered";

/** The shop's reviews, newest first, the unanswered alone at a tap; the owner and managers answer each once. */
export function ReviewsList({ shopId }: { shopId: string }) {
  const { t, i18n } = useT("reviews");
  const shop = useConsoleShop(shopId);
  const [filter, setFilter] = useState<Filter>("all");
  const canRead = shop.permissions !== null;
  const pages = useApiPages<TStaffReviews>((index, previous: TStaffReviews | null) => {
    if (!canRead || (previous && previous.next_before === null)) return null;
    const q = new URLSearchParams({ limit: "20" });
    if (filter === "unanswered") q.set("filter", "unanswered");
    if (index > 0 && previous?.next_before) q.set("before", String(previous.next_before));
    return `${reviewsPath(shopId)}?${q}`;
  });

  if (!shop.data) return <ConsoleStates isLoading={shop.isLoading || !shop.error} error={shop.error} retry={() => void shop.mutate()} />;
  const canAnswer = shop.permissions?.["reviews.answer"] === "all";
  const items = pages.data?.flatMap((p) => p.items) ?? null;
  const counts = pages.data?.[0] ?? null;
  const next = pages.data?.at(-1)?.next_before ?? null;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: shop.data!.shop.timezone }).format(new Date(iso));

  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t("filter")} className="flex flex-wrap items-center gap-2">
        {(["all", "unanswered"] as const).map((f) => (
          <button
            key={f}
            type="button"
            className="min-h-11 rounded-full border border-line px-4 text-sm hover:border-primary aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:font-semibold aria-pressed:text-primary-ink"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {t(f)}
            {counts ? ` (${f === "all" ? counts.total : counts.unanswered})` : ""}
          </button>
        ))}
      </div>
      {!canAnswer && <p className="text-sm text-muted">{t("readOnly")}</p>}
      {pages.error ? (
        <div role="alert" className="card p-6 text-center">
          <p className="text-danger">{errorMessage(pages.error)}</p>
          <button type="button" className="btn-ghost mt-4" onClick={() => void pages.mutate()}>
            {t("common:actions.retry")}
          </button>
        </div>
      ) : items === null ? (
        <LoadingBlock label={t("loading")} rows={3} />
      ) : items.length === 0 ? (
        <p className="card p-6 text-center text-muted">{filter === "unanswered" && counts && counts.total > 0 ? t("emptyUnanswered") : t("empty")}</p>
      ) : (
        <ol className="grid gap-3" aria-label={t("title")}>
          {items.map((r) => (
            <ReviewCard key={r.id} review={r} shopId={shopId} canAnswer={canAnswer} date={date} onAnswered={() => void pages.mutate()} />
          ))}
        </ol>
      )}
      {next !== null && (
        <button type="button" className="btn-ghost justify-self-center" disabled={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          {t("more")}
        </button>
      )}
    </div>
  );
}

function ReviewCard({
  review,
  shopId,
  canAnswer,
  date,
  onAnswered,
}: {
  review: TStaffReview;
  shopId: string;
  canAnswer: boolean;
  date: (iso: string) => string;
  onAnswered: () => void;
}) {
  const { t } = useT("reviews");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // The form opens where the tap was: the keyboard and a screen reader go straight to the answer's field.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (text.trim() === "") {
      setFailure(t("errors:validation.required"));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await answerReview(shopId, review.id, { text: text.trim() });
      setDone(true);
      setOpen(false);
      onAnswered();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          <StarRow rating={review.rating} /> <span className="sr-only">{t("rating", { rating: review.rating })}</span>
          <span className="ml-1">{review.client_name}</span>
        </p>
        <p className="text-sm text-muted">
          <time dateTime={review.created_at}>{date(review.created_at)}</time> · {t("barber", { name: review.barber_name })}
        </p>
      </div>
      {review.comment ? (
        <p className="mt-2 whitespace-pre-line" lang={review.comment_lang ?? undefined}>
          {review.comment}
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("noComment")}</p>
      )}
      {review.answer ? (
        <div className="mt-3 border-l-2 border-primary pl-3">
          <p className="text-sm font-semibold text-primary">{t("answered")}</p>
          <p className="mt-1 whitespace-pre-line">{review.answer.text}</p>
          <p className="mt-1 text-xs text-muted">{t("answeredAt", { date: date(review.answer.at) })}</p>
        </div>
      ) : canAnswer && open ? (
        <form className="mt-3 grid gap-2" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            {t("answerLabel", { name: review.client_name })}
          </label>
          <textarea
            ref={field}
            id={`${id}-text`}
            className="input min-h-24 py-2"
            maxLength={1000}
            value={text}
            aria-describedby={`${id}-hint${failure ? ` ${id}-error` : ""}`}
            aria-invalid={failure ? true : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t("answerHint")}
          </p>
          {failure && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary min-h-11" disabled={busy}>
              {busy ? t("sending") : t("send")}
            </button>
            <button type="button" className="btn-ghost min-h-11" onClick={() => setOpen(false)}>
              {t("cancel")}
            </button>
          </div>
        </form>
      ) : canAnswer ? (
        <button type="button" className="btn-ghost mt-3 min-h-11" onClick={() => setOpen(true)}>
          {t("answer")}
        </button>
      ) : null}
      {done && (
        <p role="status" className="mt-2 text-sm text-success">
          {t("saved")}
        </p>
      )}
    </li>
  );
}
