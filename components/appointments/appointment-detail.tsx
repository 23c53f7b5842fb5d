"use client";
import { Link } from "@/components/ui/link";
import { useT } from "next-i18next/client";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { toast } from "@/lib/browser/toast";
import { formatDuration, formatMoney } from "@/components/shop/format";
import { Avatar } from "@/components/ui/avatar";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { downloadAppointmentIcs, updateAppointmentStatus } from "@/lib/api/appointments";
import { useAppointment } from "@/lib/api/data";
import { call } from "@/lib/api/client";
import { useSession } from "@/lib/api/session";
import { formatPhoneBr } from "@/lib/contract/common";
import { formatLongDate, zoneLabel } from "@/components/booking/format";
import { inLanguage } from "@/lib/i18n/settings";
import { directionsUrl, googleCalendarUrl, shopWhatsappUrl } from "./shop-links";
import { bookAgainPath } from "@/lib/contract/appointments";
import { appointmentPending } from "./appointment-pending";
import { ConfirmationActions } from "./confirmation-actions";
import { InstallInvite } from "./install-invite";
import { RebookReminder } from "./rebook-reminder";
import { ReviewForm } from "./review-form";
import { StatusBadge } from "./status-badge";
import { StarRow } from "@/components/ui/star-row";

const noSubscription = () => () => {};

/** False while the server renders and hydrates; true once the session was read back from local storage. */
export function useSessionReady(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

function useOrigin(): string {
  return useSyncExternalStore(noSubscription, () => window.location.origin, () => "");
}

export function AppointmentDetail({ id, manageToken, isNew, lng }: { id: number; manageToken?: string; isNew?: boolean; lng: string }) {
  const { t } = useT("booking");
  const { token } = useSession();
  const ready = useSessionReady();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const origin = useOrigin();

  // A guest's private link opens the appointment, and lets them change it, without a session.
  const guestLink = manageToken ? { manage_token: manageToken } : undefined;
  const { data, error, isLoading, mutate } = useAppointment(id, ready ? { link: guestLink, token } : null);

  // A new booking's page opens at its top with focus on its heading, which screen readers announce.
  const createdHeading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(data);
  useEffect(() => {
    if (!isNew || !loaded) return;
    window.scrollTo({ top: 0 });
    createdHeading.current?.focus({ preventScroll: true });
  }, [isNew, loaded]);

  const pending = appointmentPending(t, { ready, isLoading, signedOut: !token && !manageToken, error, loaded: Boolean(data), next: `/agendamento/${id}` });
  if (pending || !data) return pending;

  const a = data.appointment;
  // Links that leave the site (copied, sent to the client's own WhatsApp, put in a calendar) keep the page's language,
  // as the messages' links do: opened later on another phone, with no language cookie, the page still reads in it.
  const privateLink = manageToken ? inLanguage(`${origin}/agendamento/${a.id}?token=${encodeURIComponent(manageToken)}`, lng) : null;
  const pageLink = privateLink ?? inLanguage(`${origin}/agendamento/${a.id}`, lng);

  async function changeStatus(target: "confirmed" | "cancelled") {
    const yes = await confirm(
      target === "confirmed" ? { title: t("detail.confirmQuestion") } : { title: t("detail.cancelQuestion"), description: t("detail.cancelDescription"), destructive: true },
    );
    if (!yes) return;
    setBusy(true);
    const result = await call(() => updateAppointmentStatus(a.id, target, guestLink), {
      t,
      errorKey: target === "confirmed" ? "CONFIRM_APPOINTMENT_ERROR" : "CANCEL_APPOINTMENT_ERROR",
      successKey: target === "confirmed" ? "common:success.appointmentConfirmed" : "common:success.appointmentCancelled",
    });
    if (result) await mutate(result, { revalidate: false });
    setBusy(false);
  }

  async function downloadIcs() {
    const res = await call(() => downloadAppointmentIcs(a.id, guestLink), { t, errorKey: "ACTION_ERROR" });
    if (!res) return;
    const url = URL.createObjectURL(res);
    const link = document.createElement("a");
    link.href = url;
    link.download = `navalha-${a.id}.ics`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function copyLink() {
    if (!privateLink) return;
    try {
      await navigator.clipboard.writeText(privateLink);
      toast.success(t("detail.copied"));
    } catch {
      /* the link stays visible to copy by hand */
    }
  }

  // The shop's zone by name and its offset at that instant, which is what the clock there shows.
  const zone = zoneLabel(lng, a.timezone, a.starts_at);
  const upcoming = a.status === "pending" || a.status === "confirmed";
  // Absent from an answer kept for an Idempotency-Key before the field existed (a replay shows none).
  const phone = a.barbershop_contact?.phone;
  const toShop = shopWhatsappUrl(a, t, lng);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      {dialog}
      <div className="grid gap-6">
        {isNew && (
          <div role="status" className="rounded-xl border border-success/50 bg-success/10 p-4">
            <h1 ref={createdHeading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
              {t("detail.created")}
            </h1>
          </div>
        )}
        {isNew && <ConfirmationActions appointment={a} link={pageLink} lng={lng} onCalendar={downloadIcs} />}
        <section className="card p-4 md:p-6" aria-labelledby="appointment-title">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {isNew ? (
              <h2 id="appointment-title" className="text-2xl font-bold">
                {t("detail.title", { id: a.id })}
              </h2>
            ) : (
              <h1 id="appointment-title" className="text-2xl font-bold">
                {t("detail.title", { id: a.id })}
              </h1>
            )}
            <StatusBadge status={a.status} />
          </div>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-muted">{t("summary.barbershop")}</dt>
              <dd className="font-medium">
                <Link className="text-primary underline-offset-2 hover:underline" href={`/barbearia/${a.barbershop.slug}`}>
                  {a.barbershop.name}
                </Link>
              </dd>
              <dd className="text-sm text-muted">
                {a.barbershop.address}, {a.barbershop.neighborhood} · {a.barbershop.city} - {a.barbershop.state}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("summary.barber")}</dt>
              <dd className="mt-1 flex items-center gap-2 font-medium">
                <Avatar name={a.barber.name} url={a.barber.avatar_url} size={32} />
                {a.barber.name}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("summary.when")}</dt>
              <dd className="font-medium">
                {formatLongDate(lng, a.date)} · {a.start_hour}–{a.end_hour}
              </dd>
              <dd className="text-sm text-muted">{t("detail.localTime", { zone })}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t("detail.client")}</dt>
              <dd className="font-medium">{a.client_name}</dd>
              {a.client_phone && <dd className="text-sm text-muted">{formatPhoneBr(a.client_phone)}</dd>}
            </div>
          </dl>

          <h2 className="mt-6 text-sm font-semibold text-muted">{t("summary.services")}</h2>
          <ul className="mt-2 grid gap-1">
            {a.services.map((s) => (
              <li key={s.id} className="flex justify-between gap-2">
                <span className="min-w-0">
                  {s.name}
                  {/* Its own line: on a phone "· 50 min" would otherwise start a line with the dot. */}
                  <span className="block text-sm text-muted">{formatDuration(s.duration_minutes)}</span>
                </span>
                <span className="shrink-0 whitespace-nowrap">{formatMoney(lng, s.price)}</span>
              </li>
            ))}
          </ul>
          {a.products.length > 0 && (
            <>
              <h2 className="mt-4 text-sm font-semibold text-muted">{t("summary.products")}</h2>
              <ul className="mt-2 grid gap-1">
                {a.products.map((p) => (
                  <li key={p.id} className="flex justify-between gap-2">
                    <span>
                      {p.quantity} × {p.name}
                    </span>
                    <span>{formatMoney(lng, (Math.round(Number(p.price) * 100) * p.quantity) / 100)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <dl className="mt-4 grid gap-1 border-t border-line pt-4 text-sm">
            {(["subtotal", "additional", "discount"] as const).map((k) => (
              <div key={k} className="flex justify-between">
                <dt>{t(`summary.${k}`)}</dt>
                <dd>{formatMoney(lng, a[k])}</dd>
              </div>
            ))}
            <div className="flex justify-between text-base font-semibold">
              <dt>{t("summary.total")}</dt>
              <dd className="text-primary">{formatMoney(lng, a.total)}</dd>
            </div>
          </dl>
        </section>

        {privateLink && (
          <section className="card border-primary/50 p-4 md:p-6" aria-labelledby="private-link">
            <h2 id="private-link" className="text-lg font-semibold">
              {t("detail.privateLinkTitle")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("detail.privateLinkBody")}</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <input className="input font-mono text-sm" readOnly value={privateLink} aria-label={t("detail.privateLinkLabel")} onFocus={(e) => e.currentTarget.select()} />
              <button type="button" className="btn-ghost shrink-0" onClick={copyLink}>
                {t("detail.copy")}
              </button>
            </div>
          </section>
        )}

        {isNew && <InstallInvite />}

        {a.review ? (
          <section className="card p-4 md:p-6" aria-labelledby="your-review">
            <h2 id="your-review" className="text-lg font-semibold">
              {t("review.yours")}
            </h2>
            <p className="mt-2">
              <span className="sr-only">{t("review.star", { count: a.review.rating })}</span>
              <StarRow rating={a.review.rating} />
            </p>
            {a.review.comment && (
              <p className="mt-2" lang={a.review.comment_lang ?? undefined}>
                {a.review.comment}
              </p>
            )}
          </section>
        ) : (
          a.can_review && <ReviewForm appointmentId={a.id} onDone={() => mutate()} />
        )}
        {/* Done: one message some weeks from the visit, with the link that books it again. */}
        {a.status === "completed" && <RebookReminder appointmentId={a.id} barber={a.barber.name} link={guestLink} token={token} lng={lng} />}
      </div>

      <aside className="card grid gap-3 p-4 md:p-6">
        {a.can_confirm && (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => changeStatus("confirmed")}>
            {t("detail.confirm")}
          </button>
        )}
        {/* Running late, a question, something left behind: the shop's own WhatsApp, the message naming the appointment. */}
        {toShop && (
          <a className="btn-ghost" href={toShop} target="_blank" rel="noopener noreferrer">
            {t("detail.whatsappShop")}
          </a>
        )}
        {phone && (
          <a className="btn-ghost" href={`tel:${phone}`}>
            {t("detail.callShop")}
          </a>
        )}
        {/* Only for an appointment still to come; just booked, these are among the first things offered (ConfirmationActions). */}
        {upcoming && !isNew && (
          <a className="btn-ghost" href={directionsUrl(a.barbershop)} target="_blank" rel="noopener noreferrer">
            {t("detail.directions")}
          </a>
        )}
        {upcoming && !isNew && (
          <a className="btn-ghost" href={googleCalendarUrl(a, t("ics.title", { shop: a.barbershop.name }), pageLink)} target="_blank" rel="noopener noreferrer">
            {t("detail.googleCalendar")}
          </a>
        )}
        {upcoming && !isNew && (
          <button type="button" className="btn-ghost" onClick={downloadIcs}>
            {t("detail.addToCalendar")}
          </button>
        )}
        {/* Done or called off: the same services with the same barber, at a time to choose (the booking opens at its day and time). */}
        {(a.status === "cancelled" || a.status === "completed") && (
          <Link className="btn-primary" href={bookAgainPath(a)}>
            {t("detail.bookAgain")}
          </Link>
        )}
        {/* Another day or time with the same barber and services, instead of cancelling and booking again. */}
        {a.can_cancel && (
          <Link className="btn-ghost" href={`/agendamento/${a.id}/remarcar${manageToken ? `?token=${encodeURIComponent(manageToken)}` : ""}`}>
            {t("detail.reschedule")}
          </Link>
        )}
        {a.can_cancel && (
          <button type="button" className="btn-ghost border-danger/60 text-danger hover:border-danger hover:text-danger" disabled={busy} onClick={() => changeStatus("cancelled")}>
            {t("detail.cancel")}
          </button>
        )}
        {token && (
          <Link className="btn-ghost" href="/agendamentos">
            {t("detail.myAppointments")}
          </Link>
        )}
        <Link className="btn-ghost" href={`/barbearia/${a.barbershop.slug}`}>
          {t("detail.shopPage")}
        </Link>
      </aside>
    </div>
  );
}
