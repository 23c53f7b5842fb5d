import type { TAppointment } from "@/lib/contract/appointments";
import { formatLongDate } from "@/lib/i18n/format";
import { whatsappChat } from "@/lib/contract/common";

// Links from an appointment to its shop, shared by its page, the confirmation's actions and the reminder's
// one-tap page (a plain module: server and client components alike).

/** Google Maps' directions to the shop, from wherever the phone is. */
export const directionsUrl = (shop: { latitude: number; longitude: number }) =>
  `https://www.google.com/maps/dir/?api=1&destination=${shop.latitude},${shop.longitude}`;

/**
 * The shop's own WhatsApp chat with a first line naming the appointment ("Olá, <shop>! Sobre o meu agendamento nº
 * 42 (…, com Diego): "), or null when the shop has none. `t` is the "booking" namespace's.
 */
export function shopWhatsappUrl(a: TAppointment, t: (key: string, vars?: Record<string, unknown>) => string, lng: string): string | null {
  const whatsapp = a.barbershop_contact?.whatsapp;
  if (!whatsapp) return null;
  const text = t("detail.shopText", { shop: a.barbershop.name, id: a.id, when: `${formatLongDate(lng, a.date)} · ${a.start_hour}`, barber: a.barber.name });
  return whatsappChat(whatsapp, text);
}

/** The id of an appointment's rating form on its page: a link to `reviewHref` opens the page there. */
export const REVIEW_FORM_ID = "review";

/** An appointment's page at its rating form (the history's "Rate"). */
export const reviewHref = (id: number) => `/agendamento/${id}#${REVIEW_FORM_ID}`;

/** "20261128T130000Z": an instant as Google Calendar's template link writes it. */
const compactUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * The appointment as a new event in Google Calendar (most of our clients' phones are Android, where a
 * downloaded .ics lands in Downloads): title, times in UTC, the shop's address and, in its notes, the
 * services, the barber, the shop's WhatsApp and the appointment's page (`pageUrl`: a guest's private link).
 */
export function googleCalendarUrl(a: TAppointment, title: string, pageUrl: string): string {
  const shop = a.barbershop;
  const whatsapp = a.barbershop_contact?.whatsapp;
  const details = [a.services.map((s) => s.name).join(", "), a.barber.name, whatsapp ? `WhatsApp: ${whatsappChat(whatsapp)}` : null, pageUrl]
    .filter(Boolean)
    .join("\n");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: title,
    dates: `${compactUtc(a.starts_at)}/${compactUtc(a.ends_at)}`,
    location: `${shop.name}, ${shop.address}, ${shop.neighborhood}, ${shop.city} - ${shop.state}`,
    details,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
