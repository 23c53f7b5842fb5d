import type { Metadata } from "next";
import { appointmentFacts } from "@/components/appointments/appointment-facts";
import { RebookByLink } from "@/components/appointments/rebook-by-link";
import { FactList } from "@/components/ui/fact-list";
import { Link } from "@/components/ui/link";
import { REVIEW_FORM_ACTION } from "@/lib/api/messages";
import { bookAgainPath } from "@/lib/contract/appointments";
import { type TRebookReminder, ZRebookByLinkOutcome, ZReviewByLinkOutcome } from "@/lib/contract/messages";
import { getT } from "@/lib/i18n/server";
import { type Lang, inLanguage } from "@/lib/i18n/settings";
import { whenText } from "@/lib/server/appointments/message-content";
import { getRebookReminder } from "@/lib/server/appointments/rebook-reminder";
import { checkRatingLink } from "@/lib/server/appointments/rating-link";
import { getAppointment } from "@/lib/server/appointments/read";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/http/errors";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getT("booking");
  // Private: the address carries the link's token.
  return { title: t("rateLink.title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

const DONE = ZReviewByLinkOutcome.options;
const REBOOK_DONE = ZRebookByLinkOutcome.options;

/**
 * "How was it?", opened from the e-mail that asks after the visit: the appointment, five stars and a comment, in a
 * plain form (it works without JavaScript; opening the page changes nothing, as mail apps open links to scan them).
 * Below, the same link asks for a reminder to book again.
 */
export default async function RateByLinkPage({ searchParams }: Props) {
  const query = await searchParams;
  const { t, lng } = await getT(["booking", "errors"]);
  const token = typeof query.t === "string" ? query.t : "";
  const done = DONE.find((d) => d === query.done);
  const rebookDone = REBOOK_DONE.find((d) => d === query.done);
  const check = token ? await checkRatingLink(token) : null;
  let a = null;
  if (check?.ok) {
    try {
      a = await getAppointment(await getDb(), check.appointmentId, { user: null, provenId: check.appointmentId });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  }
  // A link past its time of a visit rated says so (the e-mail opened again later), without the visit's details.
  const state = !a
    ? check && !check.ok && check.rated
      ? "alreadyRated"
      : "invalid"
    : a.review
      ? done === "rated"
        ? "rated"
        : rebookDone
          ? null
          : "alreadyRated"
      : a.status === "cancelled"
        ? "cancelled"
        : a.can_review
          ? done === "choose"
            ? "choose"
            : null
          : "notYet";
  // A visit done: its reminder to book again, which the same link asks for (rated or not).
  const rebook: TRebookReminder | null = a?.status === "completed" ? await getRebookReminder(await getDb(), a.id, { user: null, provenId: a.id }) : null;
  const here = (extra: Record<string, string>) => inLanguage(`/avaliar?${new URLSearchParams({ t: token, ...extra })}`, lng as Lang);
  return (
    <div className="container-page max-w-lg py-8 md:py-12">
      <h1 className="text-2xl font-bold">{t("rateLink.title")}</h1>
      {state ? (
        <p
          role={state === "choose" ? "alert" : "status"}
          className={`card mt-4 p-4 ${state === "rated" ? "border-primary" : state === "choose" ? "border-danger" : ""}`}
        >
          {t(`rateLink.${state}`)}
        </p>
      ) : (
        <p className="mt-2 text-muted">{t("rateLink.intro")}</p>
      )}
      {a && (
        <FactList facts={appointmentFacts(a, t, whenText(lng as Lang, a))}>
          {a.review && (
            <>
              <dt className="text-muted">{t("review.yours")}</dt>
              <dd>
                <span aria-hidden="true">
                  <span className="text-primary">{"★".repeat(a.review.rating)}</span>
                  <span className="text-muted">{"★".repeat(5 - a.review.rating)}</span>
                </span>
                <span className="sr-only">{t("review.star", { count: a.review.rating })}</span>
                {a.review.comment ? (
                  <span className="mt-1 block whitespace-pre-line break-words" lang={a.review.comment_lang ?? undefined}>
                    {a.review.comment}
                  </span>
                ) : null}
              </dd>
            </>
          )}
        </FactList>
      )}
      {a && a.can_review && (
        <form method="post" action={REVIEW_FORM_ACTION} className="mt-6 grid gap-5">
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="lng" value={lng} />
          <fieldset>
            <legend className="font-semibold">{t("review.rating")}</legend>
            <div className="mt-2 grid grid-cols-5 gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="relative cursor-pointer">
                  <input type="radio" name="rating" value={n} required className="peer sr-only" />
                  <span
                    aria-hidden="true"
                    className="flex h-12 items-center justify-center gap-1 rounded-full border border-line font-semibold tabular-nums peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary hover:border-primary"
                  >
                    {n} ★
                  </span>
                  <span className="sr-only">{t("review.star", { count: n })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1">
            <label htmlFor="comment" className="font-semibold">
              {t("review.comment")}
            </label>
            <textarea id="comment" name="comment" rows={4} maxLength={1000} className="input min-h-28" />
          </div>
          <button type="submit" className="btn-primary min-h-14 w-full text-lg">
            {t("review.submit")}
          </button>
        </form>
      )}
      {a && rebook && (
        <RebookByLink
          t={t}
          lng={lng}
          token={token}
          state={rebook}
          barber={a.barber.name}
          done={rebookDone}
          changing={query.change === "1"}
          hrefs={{ change: here({ change: "1" }), keep: here({}) }}
        />
      )}
      <div className="mt-6 grid gap-3">
        {/* The same services with the same barber, at a time to choose: foremost once the visit is rated. */}
        {a?.status === "completed" && (
          <Link className={`${a.review ? "btn-primary" : "btn-ghost"} min-h-14 w-full`} href={bookAgainPath(a)}>
            {t("detail.bookAgain")}
          </Link>
        )}
        {a ? (
          <Link className="btn-ghost min-h-14 w-full" href={`/barbearia/${a.barbershop.slug}`}>
            {t("rateLink.seeShop")}
          </Link>
        ) : (
          <Link className="btn-ghost min-h-14 w-full" href="/agendamentos">
            {t("rateLink.myAppointments")}
          </Link>
        )}
      </div>
    </div>
  );
}
