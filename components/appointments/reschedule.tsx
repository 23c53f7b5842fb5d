"use client";
import { useRouter } from "next/navigation";
import { useT } from "next-i18next/client";
import { useMemo, useRef, useState } from "react";
import { withLang } from "@/components/ui/link";
import { DAYS_AHEAD } from "@/components/booking/use-booking";
import WhenStep, { type WhenFlow } from "@/components/booking/when-step";
import { PERIODS } from "@/components/booking/url-state";
import { addDays, formatLongDate, todayIn } from "@/components/booking/format";
import { type AppointmentLink, rescheduleAppointment } from "@/lib/api/appointments";
import { call } from "@/lib/api/client";
import { useAppointment, useAvailableDays, useAvailableTimes } from "@/lib/api/data";
import { errorCode } from "@/lib/api/errors";
import { useSession } from "@/lib/api/session";
import { toast } from "@/lib/browser/toast";
import type { TAppointment } from "@/lib/contract/appointments";
import { useSessionReady } from "./appointment-detail";
import { appointmentPending } from "./appointment-pending";

/**
 * Moving an appointment to another day or time: the same barber, services and prices. The date strip and
 * the times are the booking's (WhenStep), asked with `moving` so the appointment's own time counts as free;
 * the current time is left out of the list. Nothing changes until the client presses the button that names
 * the new time.
 */
export function Reschedule({ id, link, lng }: { id: number; link?: AppointmentLink; lng: string }) {
  const { t } = useT("booking");
  const { token } = useSession();
  const ready = useSessionReady();
  const { data, error, isLoading, mutate } = useAppointment(id, ready ? { link, token } : null);
  // Back where the client came from: the appointment's page (with a guest's private link), or the reminder's one-tap page.
  const detailHref = withLang(
    link && "answer_token" in link
      ? `/agendamento/responder?t=${encodeURIComponent(link.answer_token)}`
      : `/agendamento/${id}${link ? `?token=${encodeURIComponent(link.manage_token)}` : ""}`,
    lng,
  );

  const pending = appointmentPending(t, { ready, isLoading, signedOut: !token && !link, error, loaded: Boolean(data), next: `/agendamento/${id}/remarcar` });
  if (pending || !data) return pending;
  const a = data.appointment;
  if (!a.can_cancel) {
    return (
      <div className="card grid gap-4 p-6">
        <h1 className="text-2xl font-bold">{t("reschedule.title", { id: a.id })}</h1>
        <p role="status">{t("reschedule.notAllowed")}</p>
        <a className="btn-ghost justify-self-start" href={detailHref}>
          {t("detail.title", { id: a.id })}
        </a>
      </div>
    );
  }
  return <Chooser appointment={a} link={link} lng={lng} detailHref={detailHref} onMoved={(moved) => mutate({ appointment: moved }, { revalidate: false })} />;
}

function Chooser({
  appointment: a,
  link,
  lng,
  detailHref,
  onMoved,
}: {
  appointment: TAppointment;
  link?: AppointmentLink;
  lng: string;
  detailHref: string;
  onMoved: (a: TAppointment) => Promise<unknown>;
}) {
  const { t } = useT("booking");
  const router = useRouter();
  const today = todayIn(a.timezone) ?? a.date;
  const days = useMemo(() => Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(today, i)), [today]);
  const [date, setDate] = useState(days.includes(a.date) ? a.date : days[0]);
  const [time, setTime] = useState<string | null>(null);
  const [slotTaken, setSlotTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);

  const base = { barbershop_id: a.barbershop.id, barber_id: a.barber.id, services: a.services.map((s) => s.id).join(","), moving: a.id, ...link };
  const daysQuery = { ...base, from: today, days: DAYS_AHEAD };
  const timesQuery = { ...base, date };
  const daysAnswer = useAvailableDays(daysQuery);
  const timesAnswer = useAvailableTimes(timesQuery);
  // The appointment's own time is where it is already: not offered as a new one.
  const timesData = timesAnswer.data && {
    ...timesAnswer.data,
    ...Object.fromEntries(PERIODS.map((p) => [p, timesAnswer.data![p].filter((h) => !(timesAnswer.data!.date === a.date && h === a.start_hour))])),
  };
  const offered = timesData ? PERIODS.flatMap((p) => timesData[p]) : [];
  const chosen = time && offered.includes(time) ? time : null;

  const flow: WhenFlow = {
    shop: { timezone: a.timezone },
    days,
    availableDays: {
      key: JSON.stringify(daysQuery),
      data: daysAnswer.data,
      error: daysAnswer.error,
      isLoading: daysAnswer.isLoading,
      mutate: daysAnswer.mutate,
    },
    times: { key: JSON.stringify(timesQuery), data: timesData, error: timesAnswer.error, isLoading: timesAnswer.isLoading, mutate: timesAnswer.mutate },
    timesQuery,
    offered,
    date,
    time: chosen,
    slotTaken,
    chooseDate: (d: string) => {
      setSlotTaken(false);
      setTime(null);
      setDate(d);
    },
    chooseTime: (h: string) => {
      setSlotTaken(false);
      setTime(h);
      // The next thing to do is the button that names the new time.
      requestAnimationFrame(() => submitRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" }));
    },
  };

  const newWhen = chosen ? `${formatLongDate(lng, date, { weekday: "short", day: "numeric", month: "short" })} · ${chosen}` : null;

  async function submit() {
    if (!chosen) return;
    setBusy(true);
    const moved = await call(() => rescheduleAppointment(a.id, { date, start_hour: chosen }, link), {
      t,
      onError: (_message, err) => {
        if (errorCode(err) === "SLOT_TAKEN") setSlotTaken(true);
      },
      errorKey: "RESCHEDULE_APPOINTMENT_ERROR",
    });
    if (!moved) {
      // Taken meanwhile, or no longer offered: fresh times, the choice cleared.
      setTime(null);
      await Promise.all([timesAnswer.mutate(), daysAnswer.mutate()]);
      setBusy(false);
      return;
    }
    await onMoved(moved.appointment);
    toast.success(
      t("reschedule.done", {
        when: `${formatLongDate(lng, moved.appointment.date, { weekday: "long", day: "numeric", month: "long" })}, ${moved.appointment.start_hour}`,
      }),
    );
    router.push(detailHref);
  }

  return (
    <div className="mx-auto grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t("reschedule.title", { id: a.id })}</h1>
        <p className="mt-1 text-muted">{t("reschedule.intro", { barber: a.barber.name })}</p>
      </div>
      <dl className="card grid gap-3 p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">{t("reschedule.current")}</dt>
          <dd className="font-medium">
            {formatLongDate(lng, a.date, { weekday: "short", day: "numeric", month: "short" })} · {a.start_hour}–{a.end_hour}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("summary.barbershop")}</dt>
          <dd className="font-medium">
            {a.barbershop.name} · {a.services.map((s) => s.name).join(", ")}
          </dd>
        </div>
      </dl>
      <section className="card min-w-0 p-4 md:p-6" aria-labelledby="new-time">
        <h2 id="new-time" className="text-lg font-semibold">
          {t("reschedule.newTime")}
        </h2>
        <WhenStep flow={flow} lng={lng} />
      </section>
      <div className="sticky bottom-0 z-30 -mx-4 grid gap-2 border-t border-line bg-bg px-4 py-3 sm:static sm:mx-0 sm:flex sm:flex-row-reverse sm:justify-start sm:border-0 sm:bg-transparent sm:p-0">
        <button ref={submitRef} type="button" className="btn-primary" disabled={!chosen || busy} aria-disabled={!chosen || busy} onClick={submit}>
          {newWhen ? t("reschedule.submit", { when: newWhen }) : t("reschedule.chooseTime")}
        </button>
        <a className="btn-ghost" href={detailHref}>
          {t("reschedule.keep")}
        </a>
      </div>
    </div>
  );
}
