import type { TFunction } from "i18next";
import { Link } from "@/components/ui/link";
import { REBOOK_FORM_ACTION } from "@/lib/api/messages";
import type { TRebookByLinkOutcome, TRebookReminder } from "@/lib/contract/messages";
import { rebookWords } from "./rebook-words";

type Props = {
  t: TFunction;
  lng: string;
  /** The rating link's token: it also answers for this visit's reminder. */
  token: string;
  state: TRebookReminder;
  barber: string;
  /** The outcome of the form just posted. */
  done?: TRebookByLinkOutcome;
  /** "Change the date": the choices again, with the waiting one pressed. */
  changing: boolean;
  /** This page's address with `change=1`, and without. */
  hrefs: { change: string; keep: string };
};

/**
 * "Remind me to book again" on the rating page (/avaliar), below the rating: the same choices as the visit's page
 * (components/appointments/rebook-reminder.tsx), as a plain form that works without JavaScript, since the e-mail's
 * link opens this page in any browser, signed in or not (docs/decisions/0038-rebook-reminder.md).
 */
export function RebookByLink({ t, lng, token, state, barber, done, changing, hrefs }: Props) {
  const waiting = state.reminder;
  if (!waiting && state.choices.length === 0) return null;
  const words = rebookWords(t, lng);
  const hidden = (
    <>
      <input type="hidden" name="t" value={token} />
      <input type="hidden" name="lng" value={lng} />
    </>
  );
  return (
    <section className="card mt-6 p-4 md:p-6" aria-labelledby="rebook-title">
      <h2 id="rebook-title" className="text-lg font-semibold">
        {t("rebook.title")}
      </h2>
      {done === "datePassed" && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {t("errors:REBOOK_DATE_PASSED")}
        </p>
      )}
      {waiting && !changing ? (
        <>
          <p className="mt-1" role="status">
            {words.waiting(waiting)}
          </p>
          <form method="post" action={REBOOK_FORM_ACTION} className="mt-3 flex flex-col gap-2 sm:flex-row">
            {hidden}
            {state.choices.length > 0 && (
              <Link className="btn-ghost" href={hrefs.change}>
                {t("rebook.change")}
              </Link>
            )}
            <button type="submit" name="weeks" value="0" className="btn-ghost">
              {t("rebook.cancel")}
            </button>
          </form>
        </>
      ) : (
        <>
          {done === "unreminded" && (
            <p role="status" className="mt-1">
              {t("rebook.cancelled")}
            </p>
          )}
          <p id="rebook-body" className="mt-1 text-sm text-muted">
            {words.body(state, barber)}
          </p>
          <form method="post" action={REBOOK_FORM_ACTION}>
            {hidden}
            <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-describedby="rebook-body">
              {state.choices.map((c) => (
                <li key={c.weeks}>
                  <button type="submit" name="weeks" value={c.weeks} {...words.choice(c, waiting)} />
                </li>
              ))}
            </ul>
          </form>
          {waiting && (
            <Link className="btn-ghost mt-2 w-full sm:w-auto" href={hrefs.keep}>
              {t("rebook.keep")}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
