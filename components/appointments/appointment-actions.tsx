"use client";
import { useState } from "react";
import { useT } from "next-i18next/client";
import { Link } from "@/components/ui/link";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { updateAppointmentStatus } from "@/lib/api/appointments";
import { call } from "@/lib/api/client";
import { bookAgainPath, type TAppointment } from "@/lib/contract/appointments";
import type { TAppointmentAnswer } from "@/lib/contract/booking";
import { directionsUrl, googleCalendarUrl, shopWhatsappUrl } from "./shop-links";

type Props = {
  appointment: TAppointment;
  lng: string;
  isNew: boolean;
  /** The page's own link (a guest's private one), for the calendar event. */
  pageLink: string;
  guestLink?: { manage_token: string };
  manageToken?: string;
  signedIn: boolean;
  onChanged: (answer: TAppointmentAnswer) => void;
  onCalendar: () => void;
};

/**
 * What a client can do about a booking: reach the shop, find the way, keep it in a calendar, move or cancel it,
 * and, once its reminder would ask (confirm_offered), confirm they are coming. Just booked, none of "confirm":
 * the booking itself said it.
 */
export function AppointmentActions({ appointment: a, lng, isNew, pageLink, guestLink, manageToken, signedIn, onChanged, onCalendar }: Props) {
  const { t } = useT("booking");
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);

  async function changeStatus(target: "confirmed" | "cancelled") {
    const yes = await confirm(
      target === "confirmed"
        ? { title: t("detail.confirmQuestion"), description: t("detail.confirmDescription") }
        : { title: t("detail.cancelQuestion"), description: t("detail.cancelDescription"), destructive: true },
    );
    if (!yes) return;
    setBusy(true);
    const result = await call(() => updateAppointmentStatus(a.id, target, guestLink), {
      t,
      errorKey: target === "confirmed" ? "CONFIRM_APPOINTMENT_ERROR" : "CANCEL_APPOINTMENT_ERROR",
      successKey: target === "confirmed" ? "common:success.appointmentConfirmed" : "common:success.appointmentCancelled",
    });
    if (result) onChanged(result);
    setBusy(false);
  }

  const upcoming = a.status === "pending" || a.status === "confirmed";
  // Absent from an answer kept for an Idempotency-Key before the field existed (a replay shows none).
  const phone = a.barbershop_contact?.phone;
  const toShop = shopWhatsappUrl(a, t, lng);
  const offerConfirm = !isNew && a.can_confirm && a.confirm_offered === true;

  return (
    <aside className="card grid gap-3 p-4 md:p-6" aria-label={t("detail.actions")}>
      {dialog}
      {offerConfirm && (
        <button type="button" className="btn-primary" disabled={busy} onClick={() => changeStatus("confirmed")}>
          {t("detail.confirm")}
        </button>
      )}
      {a.status === "confirmed" && <p className="text-sm text-success">{t("detail.confirmedNote")}</p>}
      {a.status === "pending" && a.can_confirm && !offerConfirm && <p className="text-sm text-muted">{t("detail.confirmLater")}</p>}
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
        <>
          <a className="btn-ghost" href={directionsUrl(a.barbershop)} target="_blank" rel="noopener noreferrer">
            {t("detail.directions")}
          </a>
          <a className="btn-ghost" href={googleCalendarUrl(a, t("ics.title", { shop: a.barbershop.name }), pageLink)} target="_blank" rel="noopener noreferrer">
            {t("detail.googleCalendar")}
          </a>
          <button type="button" className="btn-ghost" onClick={onCalendar}>
            {t("detail.addToCalendar")}
          </button>
        </>
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
        <button
          type="button"
          className="btn-ghost border-danger/60 text-danger hover:border-danger hover:text-danger"
          disabled={busy}
          onClick={() => changeStatus("cancelled")}
        >
          {t("detail.cancel")}
        </button>
      )}
      {signedIn && (
        <Link className="btn-ghost" href="/agendamentos">
          {t("detail.myAppointments")}
        </Link>
      )}
      <Link className="btn-ghost" href={`/barbearia/${a.barbershop.slug}`}>
        {t("detail.shopPage")}
      </Link>
    </aside>
  );
}
