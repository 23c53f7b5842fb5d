"use client";
import { useT } from "next-i18next/client";
import type { TAppointment } from "@/lib/contract/appointments";
import { toast } from "@/lib/browser/toast";
import { formatLongDate } from "@/components/booking/format";
import { sharedUrl } from "@/components/shop/shared-url";
import { directionsUrl, googleCalendarUrl } from "./shop-links";
import { whatsappChat } from "@/lib/contract/common";

/**
 * What a client does right after booking: keep it (WhatsApp to themselves, calendar), tell someone,
 * and find the way. The private link is sent only to the client's own WhatsApp, never shared.
 */
export function ConfirmationActions({
  appointment: a,
  link: manage,
  lng,
  onCalendar,
}: {
  appointment: TAppointment;
  link: string;
  lng: string;
  onCalendar: () => void;
}) {
  const { t } = useT("booking");
  const shop = a.barbershop;
  const when = `${formatLongDate(lng, a.date)} · ${a.start_hour}`;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const waText = t("detail.whatsappText", { shop: shop.name, when, barber: a.barber.name, address: `${shop.address}, ${shop.neighborhood}`, link: manage });
  // The client's own chat (no number: WhatsApp asks whom to send it to).
  const waUrl = whatsappChat(a.client_phone ?? "", waText);
  const directions = directionsUrl(shop);
  const googleCalendar = googleCalendarUrl(a, t("ics.title", { shop: shop.name }), manage);
  const shareText = t("detail.shareText", { shop: shop.name, when });
  // The shop's page in the language the client booked in, as its share text is.
  const shopUrl = origin ? sharedUrl(`${origin}/barbearia/${shop.slug}`, lng) : `/barbearia/${shop.slug}`;

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: shop.name, text: shareText, url: shopUrl });
        return;
      } catch (err) {
        if ((err as Error)?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(`${shareText} ${shopUrl}`);
      toast.success(t("detail.copied"));
    } catch {
      /* nothing to share with: the page itself stays */
    }
  }

  const action = "btn-ghost min-h-11 justify-center";
  return (
    <section className="card p-4 md:p-6" aria-labelledby="next-steps">
      <h2 id="next-steps" className="text-lg font-semibold">
        {t("detail.nextSteps")}
      </h2>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <a className="btn-primary min-h-11 justify-center sm:col-span-2" href={waUrl} target="_blank" rel="noopener noreferrer">
          {t("detail.sendWhatsapp")}
        </a>
        {/* Android's calendar (most of our clients' phones) in one tap; the .ics file for any other. */}
        <a className={action} href={googleCalendar} target="_blank" rel="noopener noreferrer">
          {t("detail.googleCalendar")}
        </a>
        <button type="button" className={action} onClick={onCalendar}>
          {t("detail.addToCalendar")}
        </button>
        <button type="button" className={action} onClick={share}>
          {t("detail.share")}
        </button>
        <a className={action} href={directions} target="_blank" rel="noopener noreferrer">
          {t("detail.directions")}
        </a>
      </div>
    </section>
  );
}
