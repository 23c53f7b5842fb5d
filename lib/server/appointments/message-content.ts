import "server-only";
import { bookAgainPath, bookedItems, type TAppointment } from "@/lib/contract/appointments";
import { formatLongDate, formatMoney, zoneLabel } from "@/lib/i18n/format";
import { inLanguage, type Lang } from "@/lib/i18n/settings";
import { siteOrigin } from "@/lib/server/env";
import { translate } from "@/lib/server/http/i18n";
import { formatPhoneBr, whatsappChat } from "@/lib/contract/common";

export type BookingMessageKind = "confirmation" | "confirmed" | "cancelled" | "reminder" | "rescheduled";

/** What every message about a booking says, in the booking's language (text, e-mail and WhatsApp alike). */
export type BookingContent = {
  lang: Lang;
  /**
   * "waitlist": a time freed up on a day a client asked for (lib/server/waitlist); "review": how was the visit
   * (./review-request.ts); "rebook": time to book again, as the client asked (./rebook-reminder.ts); "alert": the shop's
   * staff told of a booking (lib/server/alerts/). In the same layout.
   */
  kind: BookingMessageKind | "waitlist" | "review" | "rebook" | "alert";
  subject: string;
  heading: string;
  hello: string;
  /** A row with `href` links its value, or adds a link named `action` below it (the address's "Directions"). */
  rows: { label: string; value: string; href?: string; action?: string }[];
  manage: { label: string; href: string };
  answer?: { prompt: string; confirm: { label: string; href: string }; cancel: { label: string; href: string }; reschedule?: { label: string; href: string } };
  footer: string[];
  /** The template parameters, in the order of docs/whatsapp-templates.md. */
  whatsappParams: string[];
};

export const mapsLink = (a: TAppointment) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${a.barbershop.latitude},${a.barbershop.longitude}`)}`;

/** "sexta-feira, 27 de novembro de 2026, 10:00 (Horário Padrão de Brasília, UTC-03:00)". */
export function whenText(lang: Lang, a: TAppointment): string {
  const zone = zoneLabel(lang, a.timezone, a.starts_at);
  return `${formatLongDate(lang, a.date)}, ${a.start_hour} (${zone})`;
}

export function bookingContent(
  a: TAppointment,
  options: { lang: Lang; kind: BookingMessageKind; manageHref: string; answerHref?: string; rescheduleHref?: string; whatsapp: boolean },
): BookingContent {
  const t = (key: string, vars: Record<string, unknown> = {}) => translate(options.lang, "booking", `messages.booking.${key}`, vars);
  const shop = a.barbershop;
  const when = whenText(options.lang, a);
  const shortWhen = `${formatLongDate(options.lang, a.date, { day: "numeric", month: "short" })} ${a.start_hour}`;
  const address = `${shop.address}, ${shop.neighborhood}, ${shop.city} - ${shop.state}`;
  // The add-ons too: the total below includes them.
  const services = bookedItems(a);
  const total = formatMoney(options.lang, a.total);
  const answer =
    options.kind === "reminder" && options.answerHref
      ? {
          prompt: t("answerPrompt"),
          confirm: { label: t("confirm"), href: `${options.answerHref}&do=confirm` },
          cancel: { label: t("cancel"), href: `${options.answerHref}&do=cancel` },
          reschedule: options.rescheduleHref ? { label: t("reschedule"), href: options.rescheduleHref } : undefined,
        }
      : undefined;
  // Called off, there is nothing left to manage or to find the way to: its link books the same again.
  const cancelled = options.kind === "cancelled";
  const manage = cancelled
    ? { label: t("bookAgain"), href: inLanguage(`${siteOrigin()}${bookAgainPath(a)}`, options.lang) }
    : { label: t("manage"), href: options.manageHref };
  const footer = [t("why", { shop: shop.name })];
  if (options.whatsapp) footer.push(t("stop"));
  return {
    lang: options.lang,
    kind: options.kind,
    subject: t(`subject.${options.kind}`, { shop: shop.name, when: shortWhen }),
    heading: t(`heading.${options.kind}`),
    hello: t("hello", { name: a.client_name.split(/\s+/)[0] }),
    rows: [
      { label: t("shop"), value: shop.name },
      cancelled ? { label: t("address"), value: address } : { label: t("address"), value: address, href: mapsLink(a), action: t("directions") },
      // How to tell the shop they are running late: its WhatsApp, else its phone (the WhatsApp template keeps its fixed parameters).
      ...shopContactRow(a, t),
      { label: t("when"), value: when },
      { label: t("barber"), value: a.barber.name },
      { label: t("services"), value: services },
      { label: t("total"), value: total },
    ],
    manage,
    answer,
    footer,
    whatsappParams: [a.client_name.split(/\s+/)[0], shop.name, when, a.barber.name, services, total, `${address} ${mapsLink(a)}`, manage.href],
  };
}

function shopContactRow(a: TAppointment, t: (key: string) => string): BookingContent["rows"] {
  const { whatsapp, phone } = a.barbershop_contact ?? { phone: null, whatsapp: null };
  if (whatsapp) return [{ label: t("shopWhatsapp"), value: formatPhoneBr(whatsapp), href: whatsappChat(whatsapp) }];
  if (phone) return [{ label: t("shopPhone"), value: formatPhoneBr(phone), href: `tel:${phone}` }];
  return [];
}

/** The plain text: the e-mail's text part, and what a WhatsApp template reads as. */
export function bookingText(c: BookingContent): string {
  const lines = [c.heading, "", c.hello, ""];
  for (const r of c.rows) lines.push(`${r.label}: ${r.value}${r.href ? `\n${r.href}` : ""}`);
  lines.push("", `${c.manage.label}: ${c.manage.href}`);
  if (c.answer) {
    lines.push("", c.answer.prompt, `${c.answer.confirm.label}: ${c.answer.confirm.href}`);
    if (c.answer.reschedule) lines.push(`${c.answer.reschedule.label}: ${c.answer.reschedule.href}`);
    lines.push(`${c.answer.cancel.label}: ${c.answer.cancel.href}`);
  }
  lines.push("", ...c.footer);
  return lines.join("\n");
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The messages whose e-mail says it puts the booking in the calendar (its .ics REQUEST); a new kind says nothing of it. */
const WITH_CALENDAR = new Set<BookingContent["kind"]>(["confirmation", "confirmed", "rescheduled"]);

/** The e-mail in MJML: dark with the gold primary, one column, buttons Outlook draws (VML), 600 px wide. */
export function bookingMjml(c: BookingContent): string {
  const row = (r: BookingContent["rows"][number]) =>
    `<tr><td style="padding:6px 12px 6px 0;color:#A1A1AA;vertical-align:top;white-space:nowrap">${escapeHtml(r.label)}</td><td style="padding:6px 0;color:#F4F4F5">${
      !r.href
        ? escapeHtml(r.value)
        : r.action
          ? `${escapeHtml(r.value)}<br/><a href="${escapeHtml(r.href)}" style="color:#E5B817">${escapeHtml(r.action)}</a>`
          : `<a href="${escapeHtml(r.href)}" style="color:#E5B817">${escapeHtml(r.value)}</a>`
    }</td></tr>`;
  const button = (label: string, href: string, primary: boolean) =>
    `<mj-button href="${escapeHtml(href)}" background-color="${primary ? "#E5B817" : "#27272A"}" color="${primary ? "#111111" : "#F4F4F5"}" font-weight="700" font-size="16px" border-radius="8px" inner-padding="14px 24px" width="100%">${escapeHtml(label)}</mj-button>`;
  return `<mjml lang="${c.lang}">
  <mj-head>
    <mj-title>${escapeHtml(c.subject)}</mj-title>
    <mj-preview>${escapeHtml(c.heading)}</mj-preview>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text color="#F4F4F5" font-size="16px" line-height="1.5" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#0B0B0C" width="600px">
    <mj-section padding="24px 16px 8px"><mj-column>
      <mj-text font-size="22px" font-weight="700" color="#E5B817">Navalha</mj-text>
    </mj-column></mj-section>
    <mj-section background-color="#18181B" border-radius="12px" padding="16px"><mj-column>
      <mj-text font-size="22px" font-weight="700">${escapeHtml(c.heading)}</mj-text>
      <mj-text>${escapeHtml(c.hello)}</mj-text>
      <mj-table font-size="15px" line-height="1.4">${c.rows.map(row).join("")}</mj-table>
      ${c.answer ? `<mj-text>${escapeHtml(c.answer.prompt)}</mj-text>${button(c.answer.confirm.label, c.answer.confirm.href, true)}${c.answer.reschedule ? button(c.answer.reschedule.label, c.answer.reschedule.href, false) : ""}${button(c.answer.cancel.label, c.answer.cancel.href, false)}` : ""}
      ${button(c.manage.label, c.manage.href, !c.answer)}
      ${!WITH_CALENDAR.has(c.kind) ? "" : `<mj-text font-size="14px" color="#A1A1AA">${escapeHtml(translate(c.lang, "booking", "messages.booking.calendar"))}</mj-text>`}
    </mj-column></mj-section>
    <mj-section padding="8px 16px 24px"><mj-column>
      ${c.footer.map((f) => `<mj-text font-size="13px" color="#A1A1AA">${escapeHtml(f)}</mj-text>`).join("")}
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
}
