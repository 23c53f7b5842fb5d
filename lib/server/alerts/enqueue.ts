import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { bookedItems, type TAppointment } from "@/lib/contract/appointments";
import type { TAlertEvent } from "@/lib/contract/alerts";
import { formatPhoneBr } from "@/lib/contract/common";
import { formatLongDate } from "@/lib/i18n/format";
import { inLanguage, type Lang, matchLang } from "@/lib/i18n/settings";
import { hasWhatsappConsent, WHATSAPP_LANG } from "@/lib/server/appointments/messages";
import { type BookingContent, bookingMjml, bookingText, whenText } from "@/lib/server/appointments/message-content";
import { addDays, fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import type { Executor } from "@/lib/server/db/client";
import { pushSubscriptions, shopStaff, staffAlertPrefs, users, waitlist } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { translate } from "@/lib/server/http/i18n";
import { type OutgoingMessage, enqueueMessages } from "@/lib/server/notifications/outbox";
import { isPushEnabled } from "@/lib/server/notifications/web-push";
import { normaliseRoles } from "@/lib/server/staff/permissions";
import { DEFAULT_PREFS, hearsWholeShop } from "./prefs";

// The shop told of its bookings (docs/decisions/0052-staff-alerts.md): a booking, a cancellation, a move or a waitlist
// place filled reaches the barber concerned and the owner, managers and front desk, each by the channels and events
// he chose, in the transaction of the change (the outbox sends them; its dedupe key makes each alert one row however
// often the change's code runs), never the member who made the change.

/** The WhatsApp utility template of an alert (docs/whatsapp-templates.md). */
export const ALERT_TEMPLATE = "navalha_staff_booking_alert";

export type AlertChange = {
  event: TAlertEvent;
  /** The account that made the change (a client, a guest has none, or a member of the staff): not alerted of it. */
  actorUserId: number | null;
  /** The appointment's calendar sequence after the change: one alert per change. */
  sequence: number;
  /** The barber a move took the booking from (decision 0063): he hears of it too. */
  previousBarberId?: number | null;
};

/**
 * When an alert due `now` may go: now, or when the member's quiet hours (shop time, minutes after midnight) end.
 * A window that crosses midnight (22:00 to 07:00) ends the next morning when it began the evening before.
 */
export function afterQuietHours(now: Date, timeZone: string, quiet: { from: number | null; until: number | null }): Date {
  if (quiet.from === null || quiet.until === null || quiet.from === quiet.until) return now;
  const { date, minutes } = toWallClock(now, timeZone);
  const { from, until } = quiet;
  const inside = from < until ? minutes >= from && minutes < until : minutes >= from || minutes < until;
  if (!inside) return now;
  const endDay = from > until && minutes >= from ? addDays(date, 1) : date;
  return fromWallClock(endDay, until, timeZone) ?? now;
}

/** A barber who booked the waitlist's time: a client (or guest phone) told of a freed time there, that day. */
export async function fillsWaitlistPlace(tx: Executor, a: TAppointment, clientId: number | null): Promise<boolean> {
  const whose = clientId !== null ? eq(waitlist.userId, clientId) : a.client_phone ? eq(waitlist.guestPhone, a.client_phone) : null;
  if (!whose) return false;
  const [row] = await tx
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(and(whose, eq(waitlist.barbershopId, a.barbershop.id), eq(waitlist.day, a.date), isNotNull(waitlist.notifiedAt)))
    .limit(1);
  return Boolean(row);
}

function alertContent(a: TAppointment, event: TAlertEvent, lang: Lang, whatsapp: boolean): BookingContent {
  const t = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "alerts", `messages.${key}`, vars);
  const when = whenText(lang, a);
  const shortWhen = `${formatLongDate(lang, a.date, { day: "numeric", month: "short" })} ${a.start_hour}`;
  const client = a.client_phone ? `${a.client_name} (${formatPhoneBr(a.client_phone)})` : a.client_name;
  const href = inLanguage(`${siteOrigin()}/painel/${a.barbershop.id}/agenda?dia=${a.date}`, lang);
  const footer = [t("why", { shop: a.barbershop.name })];
  if (whatsapp) footer.push(t("stop"));
  return {
    lang,
    kind: "alert",
    subject: t(`subject.${event}`, { client: a.client_name, when: shortWhen, barber: a.barber.name }),
    heading: t(`heading.${event}`),
    hello: t("hello", { shop: a.barbershop.name }),
    rows: [
      { label: t("client"), value: client },
      { label: t("when"), value: when },
      { label: t("barber"), value: a.barber.name },
      { label: t("services"), value: bookedItems(a) },
    ],
    manage: { label: t("open"), href },
    footer,
    whatsappParams: [t(`heading.${event}`), a.client_name, when, a.barber.name, a.barbershop.name, href],
  };
}

/** Writes the alerts of one change to the shop's staff, in the change's transaction. Answers how many were written. */
export async function enqueueStaffAlerts(tx: Executor, a: TAppointment, change: AlertChange, now: Date): Promise<number> {
  const members = await tx
    .select({
      staffId: shopStaff.id,
      userId: shopStaff.userId,
      roles: shopStaff.roles,
      barberId: shopStaff.barberId,
      email: users.email,
      phone: users.phone,
      deletedAt: users.deletedAt,
      prefs: staffAlertPrefs,
    })
    .from(shopStaff)
    .innerJoin(users, eq(users.id, shopStaff.userId))
    .leftJoin(staffAlertPrefs, eq(staffAlertPrefs.staffId, shopStaff.id))
    .where(eq(shopStaff.barbershopId, a.barbershop.id));
  const pushing = members.filter((m) => m.prefs?.push).map((m) => m.staffId);
  const browsers =
    pushing.length > 0 && isPushEnabled()
      ? await tx
          .select({ id: pushSubscriptions.id, staffId: pushSubscriptions.staffId })
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.staffId, pushing))
      : [];
  const messages: OutgoingMessage[] = [];
  for (const m of members) {
    if (m.deletedAt || m.userId === change.actorUserId) continue;
    // The barber concerned (both, for a move between barbers), and those who hear of the whole shop.
    const ownColumn = m.barberId !== null && (m.barberId === a.barber.id || m.barberId === change.previousBarberId);
    if (!hearsWholeShop(normaliseRoles(m.roles)) && !ownColumn) continue;
    const prefs = m.prefs ?? DEFAULT_PREFS;
    if (!prefs.events.includes(change.event)) continue;
    const lang = matchLang(prefs.language) ?? "pt-BR";
    const sendAfter = afterQuietHours(now, a.timezone, { from: prefs.quietFrom, until: prefs.quietUntil });
    const key = `staff-alert:${a.id}:${change.event}:${change.sequence}:${m.staffId}`;
    const common = { appointmentId: a.id, kind: "staff-alert", sendAfter };
    if (prefs.whatsapp && m.phone && (await hasWhatsappConsent(tx, m.phone))) {
      const c = alertContent(a, change.event, lang, true);
      messages.push({
        ...common,
        channel: "whatsapp",
        recipient: m.phone,
        dedupeKey: `${key}:whatsapp`,
        body: bookingText(c),
        payload: { whatsapp: { name: ALERT_TEMPLATE, language: WHATSAPP_LANG[lang], body: c.whatsappParams } },
      });
    }
    if (prefs.email && m.email) {
      const c = alertContent(a, change.event, lang, false);
      messages.push({
        ...common,
        channel: "email",
        recipient: m.email,
        dedupeKey: `${key}:email`,
        subject: c.subject,
        body: bookingText(c),
        payload: { mjml: bookingMjml(c) },
      });
    }
    for (const browser of prefs.push ? browsers.filter((b) => b.staffId === m.staffId) : []) {
      const c = alertContent(a, change.event, lang, false);
      messages.push({
        ...common,
        channel: "push",
        recipient: String(browser.id),
        dedupeKey: `${key}:push:${browser.id}`,
        subject: c.subject,
        body: bookingText(c),
        payload: { push: { title: c.subject, body: c.rows.map((r) => r.value).join("\n"), url: c.manage.href, tag: `appointment-${a.id}` } },
      });
    }
  }
  return enqueueMessages(tx, messages, now);
}
