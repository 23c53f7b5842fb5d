import "server-only";
import { eq } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import { inLanguage, type Lang } from "@/lib/i18n/settings";
import { addDays, fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import type { Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { translate } from "@/lib/server/http/i18n";
import type { OutgoingMessage } from "@/lib/server/notifications/outbox";
import { signAnswerToken } from "./answer-link";
import { type BookingContent, bookingMjml, bookingText, whenText } from "./message-content";

// "How was it?": a client with an account is asked by e-mail, after the visit, to rate it, with a link that rates
// it without signing in (docs/decisions/0021-booking-messages.md). Written with the booking (and again
// when it moves), dropped when it is cancelled or rated first. E-mail only: the client's yes to WhatsApp was for
// the booking's own messages, and a guest has no account to sign a review with.

/** After the end of the visit; outside 08:00–21:00 where the shop is, at 10:00. */
const AFTER_MS = 2 * 3_600_000;
const FROM = 8 * 60;
const UNTIL = 21 * 60;
const AT = 10 * 60;
/** How long the link rates the visit. */
export const REVIEW_LINK_DAYS = 30;

export function reviewRequestAt(endsAt: Date, timeZone: string): Date {
  const at = new Date(endsAt.getTime() + AFTER_MS);
  const wall = toWallClock(at, timeZone);
  if (wall.minutes >= FROM && wall.minutes < UNTIL) return at;
  const day = wall.minutes < FROM ? wall.date : addDays(wall.date, 1);
  return fromWallClock(day, AT, timeZone) ?? at;
}

/** The rating page of an appointment: `/avaliar?t=<token>`, in the client's language. */
export async function reviewLink(a: Pick<TAppointment, "id" | "ends_at">, lang: Lang): Promise<string> {
  const token = await signAnswerToken(a.id, new Date(Date.parse(a.ends_at) + REVIEW_LINK_DAYS * 86_400_000), "review");
  return inLanguage(`${siteOrigin()}/avaliar?t=${token}`, lang);
}

/** `sequence`: the appointment's calendar sequence (0 when booked; each move raises it), so a moved visit is asked about again. */
export async function reviewRequestMessages(
  tx: Executor,
  a: TAppointment,
  facts: { clientId: number | null; lang: Lang; sequence: number },
): Promise<OutgoingMessage[]> {
  if (!facts.clientId) return [];
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, facts.clientId)).limit(1);
  if (!user?.email) return [];
  const lang = facts.lang;
  const t = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "booking", `messages.review.${key}`, vars);
  const m = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "booking", `messages.booking.${key}`, vars);
  const endsAt = new Date(a.ends_at);
  const c: BookingContent = {
    lang,
    kind: "review",
    subject: t("subject", { shop: a.barbershop.name }),
    heading: t("heading"),
    hello: `${m("hello", { name: a.client_name.split(/\s+/)[0] })} ${t("intro")}`,
    rows: [
      { label: m("shop"), value: a.barbershop.name },
      { label: m("when"), value: whenText(lang, a) },
      { label: m("barber"), value: a.barber.name },
      { label: m("services"), value: a.services.map((s) => s.name).join(", ") },
    ],
    manage: { label: t("rate"), href: await reviewLink(a, lang) },
    footer: [t("rebook"), t("why", { shop: a.barbershop.name })],
    whatsappParams: [],
  };
  return [
    {
      channel: "email",
      recipient: user.email,
      appointmentId: a.id,
      kind: "review-request",
      dedupeKey: `appointment:${a.id}:review-request:${facts.sequence}:email`,
      sendAfter: reviewRequestAt(endsAt, a.timezone),
      secretExpiresAt: new Date(endsAt.getTime() + REVIEW_LINK_DAYS * 86_400_000),
      subject: c.subject,
      body: bookingText(c),
      payload: { mjml: bookingMjml(c) },
    },
  ];
}
