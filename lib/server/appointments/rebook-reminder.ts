import "server-only";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import { bookAgainPath } from "@/lib/contract/appointments";
import { REBOOK_WEEKS, type TRebookReminder } from "@/lib/contract/messages";
import { formatLongDate } from "@/lib/i18n/format";
import { inLanguage, type Lang } from "@/lib/i18n/settings";
import { addDays, fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import type { Db, Executor } from "@/lib/server/db/client";
import { appointments, barbershops, outbox, users } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import { type OutgoingMessage, dropPendingMessages, enqueueMessages, notYetSent } from "@/lib/server/notifications/outbox";
import { type BookingContent, bookingMjml, bookingText } from "./message-content";
import { WHATSAPP_LANG, hasWhatsappConsent } from "./messages";
import { type Access, type AppointmentRow, findAccessibleRow, hydrateAppointments } from "./read";
import { effectiveStatus } from "./status";

// "Remind me to book again" (docs/decisions/0038-rebook-reminder.md): after a visit its client asks for one
// message some weeks later, with the link that books the same services with the same barber. It waits in the
// outbox (kind "rebook", its send_after the day's 10:00 where the shop is), so the worker sends it as it sends
// reminders, asking again replaces it, and a new booking at the shop drops it.

const KIND = "rebook";
/** The message goes at 10:00 where the shop is (as the "how was it" e-mail of a visit that ends at night). */
const AT = 10 * 60;

type Channel = TRebookReminder["channels"][number];
/** The visit's day and its shop's zone: all the choices and the waiting reminder's day need. */
type Visit = Pick<TAppointment, "date" | "timezone">;

/** The day (where the shop is) `weeks` after the visit's. */
export function rebookDate(visitDate: string, weeks: number): string {
  return addDays(visitDate, weeks * 7);
}

/** When the message of that choice goes; null when that day has no 10:00 (it always has, in Brazil). */
export function rebookAt(visitDate: string, weeks: number, timeZone: string): Date | null {
  return fromWallClock(rebookDate(visitDate, weeks), AT, timeZone);
}

/** The choices still ahead of `now`, for a completed visit. */
function choicesOf(a: Visit, now: Date): TRebookReminder["choices"] {
  return REBOOK_WEEKS.filter((weeks) => (rebookAt(a.date, weeks, a.timezone)?.getTime() ?? 0) > now.getTime()).map((weeks) => ({
    weeks,
    date: rebookDate(a.date, weeks),
  }));
}

/** Where a message reaches the visit's client: the account's e-mail, and WhatsApp where the phone said yes. */
async function reachOf(tx: Executor, row: AppointmentRow): Promise<{ email: string | null; whatsapp: string | null }> {
  const [user] = row.clientId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, row.clientId)).limit(1) : [];
  const whatsapp = row.clientPhone && (await hasWhatsappConsent(tx, row.clientPhone)) ? row.clientPhone : null;
  return { email: user?.email ?? null, whatsapp };
}

const channelsOf = (reach: { email: string | null; whatsapp: string | null }): Channel[] => [
  ...(reach.email ? ["email" as const] : []),
  ...(reach.whatsapp ? ["whatsapp" as const] : []),
];

/** The visit's day where its shop is, read without the whole appointment (its page asks on every visit). */
async function visitOf(tx: Executor, row: AppointmentRow): Promise<Visit> {
  const [shop] = await tx.select({ timezone: barbershops.timezone }).from(barbershops).where(eq(barbershops.id, row.barbershopId)).limit(1);
  return { date: toWallClock(row.startsAt, shop.timezone).date, timezone: shop.timezone };
}

async function stateOf(tx: Executor, row: AppointmentRow, a: Visit, channels: Channel[], now: Date): Promise<TRebookReminder> {
  const waiting = await tx
    .select({ channel: outbox.channel, sendAfter: outbox.sendAfter })
    .from(outbox)
    .where(and(eq(outbox.appointmentId, row.id), eq(outbox.kind, KIND), notYetSent()));
  const completed = effectiveStatus(row, now) === "completed";
  let reminder: TRebookReminder["reminder"] = null;
  if (waiting.length > 0) {
    const date = toWallClock(waiting[0].sendAfter, a.timezone).date;
    const weeks = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${a.date}T00:00:00Z`)) / (7 * 86_400_000));
    reminder = { weeks, date, channels: [...new Set(waiting.map((w) => w.channel as Channel))].sort() };
  }
  return { reminder, channels, choices: completed && channels.length > 0 ? choicesOf(a, now) : [] };
}

export async function getRebookReminder(db: Executor, id: number, access: Access, now = new Date()): Promise<TRebookReminder> {
  const row = await findAccessibleRow(db, id, access, { now });
  return stateOf(db, row, await visitOf(db, row), channelsOf(await reachOf(db, row)), now);
}

/** Asks for the reminder (replacing one waiting), in the language the client asked in. */
export async function setRebookReminder(db: Db, id: number, access: Access, input: { weeks: number; lang: Lang }, now = new Date()): Promise<TRebookReminder> {
  return db.transaction(async (tx) => {
    const row = await findAccessibleRow(tx, id, access, { forUpdate: true, now });
    if (effectiveStatus(row, now) !== "completed") throw new AppError("NOT_COMPLETED");
    const [a] = await hydrateAppointments(tx, [row], { now, clientId: access.user?.id ?? null });
    const at = rebookAt(a.date, input.weeks, a.timezone);
    if (!at || at.getTime() <= now.getTime()) throw new AppError("REBOOK_DATE_PASSED");
    const reach = await reachOf(tx, row);
    if (!reach.email && !reach.whatsapp) throw new AppError("REBOOK_NO_CHANNEL");
    await dropPendingMessages(tx, row.id, [KIND]);
    await enqueueMessages(tx, rebookMessages(a, { ...reach, lang: input.lang, weeks: input.weeks, at }), now);
    return stateOf(tx, row, a, channelsOf(reach), now);
  });
}

export async function cancelRebookReminder(db: Db, id: number, access: Access, now = new Date()): Promise<TRebookReminder> {
  return db.transaction(async (tx) => {
    const row = await findAccessibleRow(tx, id, access, { forUpdate: true, now });
    await dropPendingMessages(tx, row.id, [KIND]);
    return stateOf(tx, row, await visitOf(tx, row), channelsOf(await reachOf(tx, row)), now);
  });
}

/**
 * A new booking at a shop meets its client's wish to be reminded to book there again: the reminders still
 * waiting for their earlier visits there (by account, or by phone for a guest) are dropped.
 */
export async function dropRebookRemindersAt(tx: Executor, shopId: number, client: { clientId: number | null; phone: string | null }): Promise<number> {
  // Each owner as an index reads it: the client's visits (client, start), a guest's by phone (partial, guests only).
  const owners = [
    ...(client.clientId ? [eq(appointments.clientId, client.clientId)] : []),
    ...(client.phone ? [and(isNull(appointments.clientId), eq(appointments.clientPhone, client.phone))] : []),
  ];
  if (owners.length === 0) return 0;
  const visits = tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.barbershopId, shopId), or(...owners)));
  const dropped = await tx
    .delete(outbox)
    .where(and(eq(outbox.kind, KIND), inArray(outbox.appointmentId, visits), notYetSent()))
    .returning({ id: outbox.id });
  return dropped.length;
}

function rebookMessages(a: TAppointment, to: { email: string | null; whatsapp: string | null; lang: Lang; weeks: number; at: Date }): OutgoingMessage[] {
  const { lang } = to;
  const t = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "booking", `messages.rebook.${key}`, vars);
  const m = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "booking", `messages.booking.${key}`, vars);
  const link = inLanguage(`${siteOrigin()}${bookAgainPath(a)}`, lang);
  const firstName = a.client_name.split(/\s+/)[0];
  const visit = formatLongDate(lang, a.date, { day: "numeric", month: "long" });
  const services = a.services.map((s) => s.name).join(", ");
  // One per appointment and time asked: asked again for another week, the waiting one is dropped first.
  const key = `appointment:${a.id}:${KIND}:${Math.floor(to.at.getTime() / 1000)}`;
  const common = { appointmentId: a.id, kind: KIND, sendAfter: to.at };
  const out: OutgoingMessage[] = [];
  if (to.whatsapp) {
    out.push({
      ...common,
      channel: "whatsapp",
      recipient: to.whatsapp,
      dedupeKey: `${key}:whatsapp`,
      body: t("whatsapp", { name: firstName, shop: a.barbershop.name, visit, barber: a.barber.name, link }),
      // In the template's order (docs/whatsapp-templates.md).
      payload: {
        whatsapp: { name: "navalha_rebook_reminder", language: WHATSAPP_LANG[lang], body: [firstName, a.barbershop.name, visit, a.barber.name, link] },
      },
    });
  }
  if (to.email) {
    const c: BookingContent = {
      lang,
      kind: "rebook",
      subject: t("subject", { shop: a.barbershop.name }),
      heading: t("heading"),
      hello: `${m("hello", { name: firstName })} ${t("intro", { weeks: to.weeks })}`,
      rows: [
        { label: m("shop"), value: a.barbershop.name },
        { label: t("lastVisit"), value: visit },
        { label: m("barber"), value: a.barber.name },
        { label: m("services"), value: services },
      ],
      manage: { label: t("book"), href: link },
      footer: [t("why", { visit })],
      whatsappParams: [],
    };
    out.push({
      ...common,
      channel: "email",
      recipient: to.email,
      dedupeKey: `${key}:email`,
      subject: c.subject,
      body: bookingText(c),
      payload: { mjml: bookingMjml(c) },
    });
  }
  return out;
}
