import "server-only";
import { and, eq } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import type { Db } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { phoneForms } from "@/lib/server/notifications/whatsapp";
import { verifyAnswerToken } from "./answer-link";
import { changeAppointmentStatus } from "./manage";
import { enqueueRescheduleLink } from "./messages";
import { findAccessibleRow, getAppointment, hydrateAppointments } from "./read";

export type Answer = "confirm" | "cancel";
export type AnswerOutcome = "confirmed" | "cancelled" | "alreadyConfirmed" | "alreadyCancelled" | "notAllowed";
export type AnswerLookup = { ok: true; appointment: TAppointment } | { ok: false; reason: "invalid" | "expired" };

/** The appointment a one-tap link is for; reading it changes nothing (link scanners open links). */
export async function appointmentForAnswer(db: Db, token: string, now = new Date()): Promise<AnswerLookup> {
  const check = await verifyAnswerToken(token, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  try {
    return { ok: true, appointment: await getAppointment(db, check.appointmentId, { user: null, provenId: check.appointmentId }, now) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { ok: false, reason: "invalid" };
    throw err;
  }
}

/** Applies an answer: a second tap, or a tap on an appointment that moved on, says so and changes nothing. */
export async function applyAnswer(
  db: Db,
  appointmentId: number,
  answer: Answer,
  now = new Date(),
): Promise<{ outcome: AnswerOutcome; appointment: TAppointment }> {
  const access = { user: null, provenId: appointmentId };
  const current = await getAppointment(db, appointmentId, access, now);
  if (answer === "confirm" && current.status === "confirmed") return { outcome: "alreadyConfirmed", appointment: current };
  if (current.status === "cancelled") return { outcome: "alreadyCancelled", appointment: current };
  if (answer === "confirm" ? !current.can_confirm : !current.can_cancel) return { outcome: "notAllowed", appointment: current };
  try {
    const appointment = await changeAppointmentStatus(db, appointmentId, answer === "confirm" ? "confirmed" : "cancelled", access, now);
    return { outcome: answer === "confirm" ? "confirmed" : "cancelled", appointment };
  } catch (err) {
    // Changed meanwhile (another tap, the client's own page): say how it stands now.
    if (err instanceof AppError && err.code === "INVALID_TRANSITION") {
      const now2 = await getAppointment(db, appointmentId, access, now);
      return { outcome: now2.status === "cancelled" ? "alreadyCancelled" : now2.status === "confirmed" ? "alreadyConfirmed" : "notAllowed", appointment: now2 };
    }
    throw err;
  }
}

/** A one-tap link's answer. */
export async function answerByToken(
  db: Db,
  token: string,
  answer: Answer,
  now = new Date(),
): Promise<{ outcome: AnswerOutcome | "invalid" | "expired"; appointment?: TAppointment }> {
  const check = await verifyAnswerToken(token, now);
  if (!check.ok) return { outcome: check.reason };
  try {
    return await applyAnswer(db, check.appointmentId, answer, now);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return { outcome: "invalid" };
    throw err;
  }
}

/**
 * A tap on a reminder's WhatsApp button: it counts only as a reply to a message we sent to that very
 * number about that very appointment (the reply's context names our message's id).
 */
export async function answerByWhatsappReply(
  db: Db,
  reply: { from: string; contextId: string; payload: string },
  now = new Date(),
): Promise<AnswerOutcome | "linkSent" | "ignored"> {
  const m = /^(confirm|cancel|reschedule):(\d{1,10})$/.exec(reply.payload);
  if (!m) return "ignored";
  const appointmentId = Number(m[2]);
  const [sent] = await db
    .select({ recipient: outbox.recipient, waId: outbox.waId })
    .from(outbox)
    .where(and(eq(outbox.providerId, reply.contextId), eq(outbox.appointmentId, appointmentId), eq(outbox.channel, "whatsapp")))
    .limit(1);
  if (!sent || !isSameWhatsapp(sent, reply.from)) return "ignored";
  try {
    if (m[1] === "reschedule") return await sendRescheduleLink(db, appointmentId, { phone: sent.recipient, repliedTo: reply.contextId }, now);
    return (await applyAnswer(db, appointmentId, m[1] as Answer, now)).outcome;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return "ignored";
    throw err;
  }
}

/**
 * Whether a reply's `from` is the person a message went to: the WhatsApp ID Meta answered with when it was
 * sent, or the stored number in either of its ninth-digit forms (Meta's IDs for many Brazilian mobiles lack it).
 */
function isSameWhatsapp(sent: { recipient: string; waId: string | null }, from: string): boolean {
  const digits = from.replace(/\D/g, "");
  if (sent.waId && sent.waId.replace(/\D/g, "") === digits) return true;
  return phoneForms(sent.recipient).some((form) => form.slice(1) === digits);
}

/** "Another time" tapped: the link that moves the booking, in the chat, while it can still move. */
async function sendRescheduleLink(db: Db, appointmentId: number, to: { phone: string; repliedTo: string }, now: Date): Promise<"linkSent" | "notAllowed"> {
  // The row once: its language for the message, and the appointment it makes.
  const row = await findAccessibleRow(db, appointmentId, { user: null, provenId: appointmentId }, { now });
  const [appointment] = await hydrateAppointments(db, [row], { now });
  if (!appointment.can_cancel) return "notAllowed";
  await enqueueRescheduleLink(db, appointment, { language: row.language, ...to }, now);
  return "linkSent";
}
