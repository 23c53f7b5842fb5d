import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import { inLanguage, type Lang, matchLang } from "@/lib/i18n/settings";
import type { Executor } from "@/lib/server/db/client";
import { outbox, users, whatsappConsents } from "@/lib/server/db/schema";
import { env, siteOrigin } from "@/lib/server/env";
import { translate } from "@/lib/server/http/i18n";
import { type OutgoingMessage, dropPendingMessages, enqueueMessages } from "@/lib/server/notifications/outbox";
import { WHATSAPP_LANG as WHATSAPP_LANGS, phoneForms } from "@/lib/server/notifications/whatsapp";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { reviewRequestMessages } from "./review-request";
import { signAnswerToken } from "./answer-link";
import { appointmentToIcs } from "./ics";
import { type BookingMessageKind, bookingContent, bookingMjml, bookingText, whenText } from "./message-content";
import { toWallClock } from "@/lib/server/availability/zoned-time";
import { parseLeads } from "./status";

// Every message about a booking (docs/decisions/0021-booking-messages.md): written in the transaction
// of the change that causes it, sent by the outbox worker, one per (appointment, kind, lead, channel).

const QUIET_FROM = 22 * 60; // no reminder from 22:00 ...
const QUIET_UNTIL = 7 * 60; // ... to 07:00, shop time: one due then goes out at 07:00, else at 21:55 the evening before
const QUIET_SEND = 21 * 60 + 55;
const MINUTE = 60_000;

export { parseLeads } from "./status";

/**
 * When each reminder goes: `lead` before the start; when that falls in the night, at 07:00 shop time if that is
 * still at least half the lead before the start (an 08:00 appointment's "2 h" reminder goes at 07:00 that
 * morning), else at 21:55 the evening before; none whose moment is past at booking, and none within an hour after
 * another one.
 */
export function reminderSchedule(startsAt: Date, timeZone: string, leads: number[], now: Date): { lead: number; at: Date }[] {
  const out: { lead: number; at: Date }[] = [];
  for (const lead of leads) {
    let at = new Date(startsAt.getTime() - lead * MINUTE);
    const local = toWallClock(at, timeZone).minutes;
    if (local >= QUIET_FROM || local < QUIET_UNTIL) {
      // Minutes after midnight, counted back from it before midnight (23:00 is -60).
      const night = local >= QUIET_FROM ? local - 24 * 60 : local;
      const morning = new Date(at.getTime() + (QUIET_UNTIL - night) * MINUTE);
      const evening = new Date(at.getTime() - (night + 24 * 60 - QUIET_SEND) * MINUTE);
      at = startsAt.getTime() - morning.getTime() >= (lead / 2) * MINUTE ? morning : evening;
    }
    if (at.getTime() <= now.getTime() || at.getTime() >= startsAt.getTime()) continue;
    if (out.some((o) => Math.abs(o.at.getTime() - at.getTime()) < 60 * MINUTE)) continue;
    out.push({ lead, at });
  }
  return out;
}

/** A template's language as the Cloud API names it. */
export const WHATSAPP_LANG: Record<Lang, string> = WHATSAPP_LANGS;
const TEMPLATE: Record<BookingMessageKind, string> = {
  confirmation: "navalha_booking_received",
  confirmed: "navalha_booking_confirmed",
  cancelled: "navalha_booking_cancelled",
  reminder: "navalha_booking_reminder",
  rescheduled: "navalha_booking_rescheduled",
};

/** Whether the phone has said yes to WhatsApp messages and not withdrawn it since (either ninth-digit form). */
export async function hasWhatsappConsent(tx: Executor, phone: string | null): Promise<boolean> {
  if (!phone) return false;
  const [row] = await tx
    .select()
    .from(whatsappConsents)
    .where(eq(whatsappConsents.phoneHash, consentKey(phone)))
    .limit(1);
  return Boolean(row?.optedInAt && (!row.optedOutAt || row.optedOutAt < row.optedInAt));
}

export async function recordWhatsappOptIn(tx: Executor, phone: string, now: Date): Promise<void> {
  await tx
    .insert(whatsappConsents)
    .values({ phoneHash: consentKey(phone), optedInAt: now })
    .onConflictDoUpdate({ target: whatsappConsents.phoneHash, set: { optedInAt: now } });
}

/**
 * A "PARAR" / "STOP" reply: no WhatsApp message to that phone from now on, not even one already
 * written and waiting (its e-mail twin, if any, still goes). Meta's `from` may lack Brazil's ninth
 * digit: both forms of the number are stopped. Answers how many waiting ones were dropped.
 */
export async function recordWhatsappOptOut(db: Executor, phoneDigits: string, now: Date): Promise<number> {
  await db
    .insert(whatsappConsents)
    .values({ phoneHash: consentKey(phoneDigits), optedOutAt: now })
    .onConflictDoUpdate({ target: whatsappConsents.phoneHash, set: { optedOutAt: now } });
  const dropped = await db
    .delete(outbox)
    .where(
      and(
        eq(outbox.channel, "whatsapp"),
        inArray(outbox.recipient, phoneForms(phoneDigits)),
        inArray(outbox.status, ["pending", "unsent"]),
        isNotNull(outbox.appointmentId),
      ),
    )
    .returning({ id: outbox.id });
  return dropped.length;
}

type Recipient = { lang: Lang; phone: string | null; whatsapp: boolean; email: string | null; manageHref: string; icsSequence: number };

async function messagesOf(a: TAppointment, kind: BookingMessageKind, to: Recipient, now: Date, lead?: number, at?: Date): Promise<OutgoingMessage[]> {
  const site = siteOrigin();
  const startsAt = new Date(a.starts_at);
  // A reminder's one-tap links: confirm or cancel on its page, or straight to choosing another time.
  const { answer: answerHref, reschedule: rescheduleHref } = kind === "reminder" ? await oneTapLinks(a, to.lang) : { answer: undefined, reschedule: undefined };
  // One of each per appointment; a reminder per lead and start time, and a "moved" per move (its calendar sequence).
  const key =
    kind === "reminder"
      ? `appointment:${a.id}:reminder:${lead}:${Math.floor(startsAt.getTime() / 1000)}`
      : kind === "rescheduled"
        ? `appointment:${a.id}:rescheduled:${to.icsSequence}`
        : `appointment:${a.id}:${kind}`;
  const common = { appointmentId: a.id, kind, sendAfter: at ?? now, secretExpiresAt: startsAt };
  const out: OutgoingMessage[] = [];
  if (to.whatsapp && to.phone) {
    const c = bookingContent(a, { lang: to.lang, kind, manageHref: to.manageHref, answerHref, rescheduleHref, whatsapp: true });
    out.push({
      ...common,
      channel: "whatsapp",
      recipient: to.phone,
      dedupeKey: `${key}:whatsapp`,
      body: bookingText(c),
      payload: {
        whatsapp: {
          name: TEMPLATE[kind],
          language: WHATSAPP_LANG[to.lang],
          body: c.whatsappParams,
          // In the template's order (docs/whatsapp-templates.md): confirm, cancel, another time.
          quickReplies: kind === "reminder" ? [`confirm:${a.id}`, `cancel:${a.id}`, `reschedule:${a.id}`] : undefined,
        },
        buttons:
          kind === "reminder" ? [{ label: c.answer!.confirm.label }, { label: c.answer!.cancel.label }, { label: c.answer!.reschedule!.label }] : undefined,
      },
    });
  }
  if (to.email) {
    const c = bookingContent(a, { lang: to.lang, kind, manageHref: to.manageHref, answerHref, rescheduleHref, whatsapp: false });
    const ics =
      kind === "reminder"
        ? undefined
        : {
            method: kind === "cancelled" ? ("CANCEL" as const) : ("REQUEST" as const),
            content: appointmentToIcs(a, {
              title: translate(to.lang, "booking", "ics.title", { shop: a.barbershop.name }),
              pageUrl: to.manageHref,
              now,
              method: kind === "cancelled" ? "CANCEL" : "REQUEST",
              sequence: to.icsSequence,
              organizer: /<([^>]+)>/.exec(env().SMTP_FROM)?.[1] ?? env().SMTP_FROM,
              attendee: { name: a.client_name, email: to.email },
            }),
          };
    out.push({
      ...common,
      channel: "email",
      recipient: to.email,
      dedupeKey: `${key}:email`,
      subject: c.subject,
      body: bookingText(c),
      payload: { mjml: bookingMjml(c), ics },
    });
  }
  return out;
}

async function recipientOf(
  tx: Executor,
  a: TAppointment,
  facts: { clientId: number | null; language: string; icsSequence: number; manageToken?: string; guestHref?: string },
): Promise<Recipient> {
  const lang = matchLang(facts.language) ?? "pt-BR";
  const site = siteOrigin();
  const manageHref = facts.manageToken
    ? inLanguage(`${site}/agendamento/${a.id}?token=${encodeURIComponent(facts.manageToken)}`, lang)
    : !facts.clientId && facts.guestHref
      ? facts.guestHref
      : inLanguage(`${site}/agendamento/${a.id}`, lang);
  const [user] = facts.clientId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, facts.clientId)).limit(1) : [];
  // A client's account e-mail; a guest's, the one they gave for this booking.
  const email = facts.clientId ? (user?.email ?? null) : (a.client_email ?? null);
  return { lang, phone: a.client_phone, whatsapp: await hasWhatsappConsent(tx, a.client_phone), email, manageHref, icsSequence: facts.icsSequence };
}

/** The confirmation and the reminders of a new booking, in its transaction. */
export async function enqueueBookingMessages(
  tx: Executor,
  a: TAppointment,
  facts: { clientId: number | null; language: string; manageToken?: string },
  now: Date,
): Promise<void> {
  const to = await recipientOf(tx, a, { ...facts, icsSequence: 0 });
  const messages = await messagesOf(a, "confirmation", to, now);
  for (const r of reminderSchedule(new Date(a.starts_at), a.timezone, parseLeads(env().REMINDER_LEADS), now))
    messages.push(...(await messagesOf(a, "reminder", to, now, r.lead, r.at)));
  messages.push(...(await reviewRequestMessages(tx, a, { clientId: facts.clientId, lang: to.lang, sequence: 0 })));
  await enqueueMessages(tx, messages, now);
}

/**
 * The appointment's one-tap links, signed with one token valid until it starts: its answer page (which shows
 * the booking, confirms and cancels it: also a guest's link in later messages, their private link not being
 * stored) and the page that moves it.
 */
async function oneTapLinks(a: TAppointment, language: string): Promise<{ answer: string; reschedule: string }> {
  const site = siteOrigin();
  const t = await signAnswerToken(a.id, new Date(a.starts_at));
  return {
    answer: inLanguage(`${site}/agendamento/responder?t=${t}`, language),
    reschedule: inLanguage(`${site}/agendamento/${a.id}/remarcar?t=${t}`, language),
  };
}

/**
 * An appointment moved to another time (by a guest with their private link, `manageToken`, which their
 * message then carries): the reminders and the confirmation still waiting for the old time are dropped; a message says where it moved (its e-mail moves the calendar event: same UID, next
 * sequence), and the reminders are written again for the new time.
 */
export async function enqueueRescheduleMessages(
  tx: Executor,
  a: TAppointment,
  facts: { clientId: number | null; language: string; icsSequence: number; manageToken?: string },
  now: Date,
): Promise<void> {
  await dropPendingMessages(tx, a.id, ["reminder", "confirmation", "rescheduled", "review-request"]);
  const to = await recipientOf(tx, a, { ...facts, guestHref: (await oneTapLinks(a, facts.language)).answer });
  const messages = await messagesOf(a, "rescheduled", to, now);
  for (const r of reminderSchedule(new Date(a.starts_at), a.timezone, parseLeads(env().REMINDER_LEADS), now))
    messages.push(...(await messagesOf(a, "reminder", to, now, r.lead, r.at)));
  messages.push(...(await reviewRequestMessages(tx, a, { clientId: facts.clientId, lang: to.lang, sequence: facts.icsSequence })));
  await enqueueMessages(tx, messages, now);
}

/**
 * A reminder's "another time" button tapped on WhatsApp: the answer, in the chat the client just wrote in
 * (a plain text, allowed within the 24 hours after their message), is the link that moves the booking (its
 * one-tap link's token, valid until the appointment starts). Once per tap: Meta may deliver the same
 * webhook twice, and the tapped message's id keys it.
 */
export async function enqueueRescheduleLink(
  tx: Executor,
  a: TAppointment,
  facts: { language: string; phone: string; repliedTo: string },
  now: Date,
): Promise<void> {
  const lang = matchLang(facts.language) ?? "pt-BR";
  const link = (await oneTapLinks(a, lang)).reschedule;
  const body = translate(lang, "booking", "messages.booking.rescheduleLink", { shop: a.barbershop.name, barber: a.barber.name, when: whenText(lang, a), link });
  await enqueueMessages(
    tx,
    [
      {
        channel: "whatsapp",
        recipient: facts.phone,
        body,
        appointmentId: a.id,
        kind: "reschedule-link",
        dedupeKey: `appointment:${a.id}:reschedule-link:${facts.repliedTo}:whatsapp`,
        secretExpiresAt: new Date(a.starts_at),
      },
    ],
    now,
  );
}

/** A change of status: its message, and on cancellation no reminder left to go. */
export async function enqueueStatusMessages(
  tx: Executor,
  a: TAppointment,
  facts: { clientId: number | null; language: string; icsSequence: number },
  kind: "confirmed" | "cancelled",
  now: Date,
): Promise<void> {
  if (kind === "cancelled") await dropPendingMessages(tx, a.id, ["reminder", "confirmation", "rescheduled", "review-request"]);
  // A guest's message points to the one-tap page or, once cancelled, to the shop to book again.
  const site = siteOrigin();
  const guestHref = kind === "cancelled" ? inLanguage(`${site}/barbearia/${a.barbershop.slug}`, facts.language) : (await oneTapLinks(a, facts.language)).answer;
  const to = await recipientOf(tx, a, { ...facts, guestHref });
  await enqueueMessages(tx, await messagesOf(a, kind, to, now), now);
}
