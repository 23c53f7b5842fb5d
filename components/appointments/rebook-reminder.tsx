"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { toast } from "@/lib/browser/toast";
import { type AppointmentLink, cancelRebookReminder, setRebookReminder } from "@/lib/api/appointments";
import { call } from "@/lib/api/client";
import { useRebookReminder } from "@/lib/api/data";
import { rebookWords } from "./rebook-words";
import type { TRebookReminder, TRebookReminderBody } from "@/lib/contract/messages";

/**
 * "Remind me to book again" on a completed visit's page: one tap on "in 4 weeks" asks for one message that day
 * with the link that books the same services with the same barber (docs/decisions/0038-rebook-reminder.md).
 * Nothing is shown when nothing reaches the client (no e-mail, no yes to WhatsApp) or the choices are past.
 */
export function RebookReminder({
  appointmentId,
  barber,
  link,
  token,
  lng,
}: {
  appointmentId: number;
  barber: string;
  link?: AppointmentLink;
  token: string | null;
  lng: string;
}) {
  const { t } = useT("booking");
  const { data, isLoading, mutate } = useRebookReminder(appointmentId, { link, token });
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  const ids = { title: useId(), body: useId() };

  if (isLoading && !data) {
    return (
      <section className="card p-4 md:p-6" aria-busy="true" aria-label={t("rebook.loading")}>
        <div className="h-5 w-2/3 animate-pulse rounded bg-line" />
        <div className="mt-3 h-11 w-full animate-pulse rounded-lg bg-line" />
      </section>
    );
  }
  if (!data || (!data.reminder && data.choices.length === 0)) return null;

  const words = rebookWords(t, lng);

  async function choose(weeks: TRebookReminderBody["weeks"]) {
    setBusy(true);
    const next = await call(() => setRebookReminder(appointmentId, weeks, link), { t, errorKey: "ACTION_ERROR" });
    if (next) {
      await mutate(next, { revalidate: false });
      setChanging(false);
      if (next.reminder) toast.success(t("rebook.set", { date: words.day(next.reminder.date) }));
    }
    setBusy(false);
  }

  async function callOff() {
    setBusy(true);
    const next = await call(() => cancelRebookReminder(appointmentId, link), { t, errorKey: "ACTION_ERROR", successKey: "rebook.cancelled" });
    if (next) await mutate(next, { revalidate: false });
    setBusy(false);
  }

  const waiting = data.reminder;
  return (
    <section className="card p-4 md:p-6" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="text-lg font-semibold">
        {t("rebook.title")}
      </h2>
      {waiting && !changing ? (
        <>
          <p className="mt-1" role="status">
            {words.waiting(waiting)}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            {data.choices.length > 0 && (
              <button type="button" className="btn-ghost" disabled={busy} onClick={() => setChanging(true)}>
                {t("rebook.change")}
              </button>
            )}
            <button type="button" className="btn-ghost" disabled={busy} onClick={callOff}>
              {t("rebook.cancel")}
            </button>
          </div>
        </>
      ) : (
        <>
          <p id={ids.body} className="mt-1 text-sm text-muted">
            {words.body(data, barber)}
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-describedby={ids.body}>
            {data.choices.map((c) => (
              <li key={c.weeks}>
                <button type="button" {...words.choice(c, waiting)} disabled={busy} onClick={() => choose(c.weeks as TRebookReminderBody["weeks"])} />
              </li>
            ))}
          </ul>
          {waiting && (
            <button type="button" className="btn-ghost mt-2 w-full sm:w-auto" disabled={busy} onClick={() => setChanging(false)}>
              {t("rebook.keep")}
            </button>
          )}
        </>
      )}
    </section>
  );
}
