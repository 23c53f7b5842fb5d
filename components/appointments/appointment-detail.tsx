"use client";
import { useT } from "next-i18next/client";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useAppointment } from "@/lib/api/data";
import { useSession } from "@/lib/api/session";
import { inLanguage } from "@/lib/i18n/settings";
import { appointmentPending } from "./appointment-pending";
import { AppointmentActions } from "./appointment-actions";
import { AppointmentSummary } from "./appointment-summary";
import { ConfirmationActions } from "./confirmation-actions";
import { downloadIcs } from "./download-ics";
import { InstallInvite } from "./install-invite";
import { PrivateLink } from "./private-link";
import { RebookReminder } from "./rebook-reminder";
import { ReviewForm } from "./review-form";
import { YourReview } from "./your-review";

const noSubscription = () => () => {};

/** False while the server renders and hydrates; true once the session was read back from local storage. */
export function useSessionReady(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}

/**
 * One appointment's page. Just booked (`isNew`), its first screen is the booking itself: "booked", then what,
 * when, with whom and where; then how to keep it and share it.
 */
export function AppointmentDetail({
  id,
  manageToken,
  isNew,
  sentWhatsapp,
  lng,
}: {
  id: number;
  manageToken?: string;
  isNew?: boolean;
  sentWhatsapp?: boolean;
  lng: string;
}) {
  const { t } = useT("booking");
  const { token } = useSession();
  const ready = useSessionReady();
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
  const onCalendar = () => downloadIcs(a.id, guestLink, t);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="grid gap-6">
        {isNew && (
          <div role="status" className="rounded-xl border border-success/50 bg-success/10 p-4">
            <h1 ref={createdHeading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
              {t("detail.created")}
            </h1>
          </div>
        )}
        <AppointmentSummary appointment={a} lng={lng} headingLevel={isNew ? 2 : 1} />
        {isNew && <ConfirmationActions appointment={a} link={pageLink} lng={lng} onCalendar={onCalendar} />}
        {privateLink && (
          <PrivateLink
            link={privateLink}
            sentTo={isNew ? { whatsapp: sentWhatsapp && a.client_phone ? a.client_phone : null, email: a.client_email ?? null } : undefined}
          />
        )}
        {isNew && <InstallInvite />}
        {a.review ? <YourReview review={a.review} /> : a.can_review && <ReviewForm appointmentId={a.id} onDone={() => mutate()} />}
        {/* Done: one message some weeks from the visit, with the link that books it again. */}
        {a.status === "completed" && <RebookReminder appointmentId={a.id} barber={a.barber.name} link={guestLink} token={token} lng={lng} />}
      </div>
      <AppointmentActions
        appointment={a}
        lng={lng}
        isNew={Boolean(isNew)}
        pageLink={pageLink}
        guestLink={guestLink}
        manageToken={manageToken}
        signedIn={Boolean(token)}
        onChanged={(answer) => void mutate(answer, { revalidate: false })}
        onCalendar={onCalendar}
      />
    </div>
  );
}
