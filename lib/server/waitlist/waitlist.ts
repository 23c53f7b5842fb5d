import "server-only";
import { and, asc, eq, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { asPeriods } from "@/lib/contract/search-constants";
import type { TJoinWaitlist, TWaitlistEntry } from "@/lib/contract/waitlist";
import { formatLongDate } from "@/lib/i18n/format";
import { type Lang, matchLang } from "@/lib/i18n/settings";
import { WHATSAPP_LANG, hasWhatsappConsent } from "@/lib/server/appointments/messages";
import { consentKey } from "@/lib/server/notifications/whatsapp-window";
import { assertDateWithinHorizon } from "@/lib/server/appointments/booking-limits";
import { bookingMjml, bookingText, type BookingContent } from "@/lib/server/appointments/message-content";
import type { AuthUser } from "@/lib/server/auth/session";
import { inPeriods, loadRangeData, unionFreeTimes } from "@/lib/server/availability/range";
import { toWallClock } from "@/lib/server/availability/zoned-time";
import type { Executor } from "@/lib/server/db/client";
import { barbers, barbershops, services, users, waitlist, whatsappConsents } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { AppError, notFound } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import { type OutgoingMessage, enqueueMessages } from "@/lib/server/notifications/outbox";

// "Tell me if a time frees up" (docs/decisions/0036-waitlist.md).

/** Times listed in the message: the first few of the day. */
const TIMES_IN_MESSAGE = 6;
/** Waitlist entries told at once when one booking frees its time (the first asked first): whoever books first gets it. */
const TOLD_PER_FREED_TIME = 20;

/**
 * A signed-in client's entry for a day with no free time left for the choice (a barber, or any who performs
 * every service), or for periods of a day (its evening) with none. The day, or those periods, must be ones
 * bookings filled: a free time there is 422 WAITLIST_DAY_HAS_TIMES,
 * a day nobody works (or beyond the horizon) 422 WAITLIST_DAY_CLOSED. Asking again for the shop and day
 * replaces the entry, and makes a spent one wait again.
 */
export async function joinWaitlist(db: Executor, user: AuthUser, input: TJoinWaitlist, language: Lang, now = new Date()): Promise<TWaitlistEntry> {
  const values = await checkedWaitlistEntry(db, input, language, now);
  const [row] = await db
    .insert(waitlist)
    .values({ userId: user.id, barbershopId: input.barbershop_id, day: input.date, ...values })
    .onConflictDoUpdate({ target: [waitlist.userId, waitlist.barbershopId, waitlist.day], set: values })
    .returning({ id: waitlist.id });
  const [entry] = await entriesOf(db, { userId: user.id, id: row.id });
  return entry;
}

/**
 * A guest's entry, told by WhatsApp on a phone proved by a code (lib/server/waitlist/guest.ts checks the day with
 * `checkedWish`, then the phone): one per phone, shop and day, as a client's.
 */
export async function saveGuestWaitlistEntry(
  db: Executor,
  guest: { phone: string; name: string },
  input: TJoinWaitlist,
  checked: WaitlistEntryValues,
): Promise<{ entry: TWaitlistEntry; waitingAgain: boolean }> {
  const values = { ...checked, guestName: guest.name };
  // A new entry, or a spent one made to wait again, is confirmed on WhatsApp; a change to a waiting one is not.
  const [before] = await db
    .select({ notifiedAt: waitlist.notifiedAt })
    .from(waitlist)
    .where(and(eq(waitlist.guestPhone, guest.phone), eq(waitlist.barbershopId, input.barbershop_id), eq(waitlist.day, input.date)))
    .limit(1);
  const [row] = await db
    .insert(waitlist)
    .values({ guestPhone: guest.phone, barbershopId: input.barbershop_id, day: input.date, ...values })
    .onConflictDoUpdate({
      target: [waitlist.guestPhone, waitlist.barbershopId, waitlist.day],
      targetWhere: sql`${waitlist.guestPhone} is not null`,
      set: values,
    })
    .returning({ id: waitlist.id });
  const [entry] = await entriesOf(db, { id: row.id });
  return { entry, waitingAgain: !before || before.notifiedAt !== null };
}

/** A waitlist entry as its page shows it (lib/server/waitlist/guest.ts checks the link's token first). */
export async function waitlistEntryById(db: Executor, id: number): Promise<(TWaitlistEntry & { timezone: string }) | null> {
  return (await entriesOf(db, { id }))[0] ?? null;
}

type WaitlistEntryValues = Awaited<ReturnType<typeof checkedWaitlistEntry>>;

/** Whether the day (or its periods asked for) is one to wait for, with the booking's own rules; the row's values. */
export async function checkedWaitlistEntry(db: Executor, input: TJoinWaitlist, language: Lang, now: Date) {
  assertDateWithinHorizon(input.date, now);
  const data = await loadRangeData(db, { shopId: input.barbershop_id, barberId: input.barber_id, serviceIds: input.services, from: input.date, days: 1 });
  if (input.barber_id && data.barbers.length === 0) throw new AppError("SERVICE_NOT_PERFORMED");
  if (input.date < toWallClock(now, data.shop.timezone).date) throw new AppError("DATE_IN_PAST");
  const periods = asPeriods(input.periods ?? []);
  if (inPeriods(unionFreeTimes(data, input.date, now), periods).length > 0) throw new AppError("WAITLIST_DAY_HAS_TIMES");
  if (inPeriods(unionFreeTimes(data, input.date, now, { withoutBookings: true }), periods).length === 0) throw new AppError("WAITLIST_DAY_CLOSED");
  return {
    barberId: input.barber_id ?? null,
    serviceIds: [...new Set(input.services)].sort((a, b) => a - b),
    periods,
    language,
    createdAt: now,
    notifiedAt: null,
  };
}

/** The client's waitlist entries for days from the shops' today on, the nearest day first. */
export async function listWaitlist(db: Executor, userId: number, now = new Date()): Promise<TWaitlistEntry[]> {
  // A day back covers every zone's today; days already past in the shop's zone are left out below.
  const entries = await entriesOf(db, { userId, fromDay: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) });
  return entries.filter((e) => e.date >= toWallClock(now, e.timezone).date).map(({ timezone: _tz, ...e }) => e);
}

/** Idempotent: a waitlist entry already gone is 204 as well; another client's is 404. */
export async function leaveWaitlist(db: Executor, userId: number, id: number): Promise<void> {
  const [row] = await db.select({ userId: waitlist.userId }).from(waitlist).where(eq(waitlist.id, id)).limit(1);
  if (row && row.userId !== userId) throw notFound();
  await db.delete(waitlist).where(and(eq(waitlist.id, id), eq(waitlist.userId, userId)));
}

async function entriesOf(db: Executor, where: { userId?: number; id?: number; fromDay?: string }): Promise<(TWaitlistEntry & { timezone: string })[]> {
  const rows = await db
    .select({
      w: waitlist,
      shop: { id: barbershops.id, name: barbershops.name, slug: barbershops.slug, timezone: barbershops.timezone },
      barber: { id: barbers.id, name: barbers.name },
    })
    .from(waitlist)
    .innerJoin(barbershops, eq(barbershops.id, waitlist.barbershopId))
    .leftJoin(barbers, eq(barbers.id, waitlist.barberId))
    .where(
      and(
        where.userId ? eq(waitlist.userId, where.userId) : undefined,
        where.id ? eq(waitlist.id, where.id) : undefined,
        where.fromDay ? gte(waitlist.day, where.fromDay) : undefined,
      ),
    )
    .orderBy(asc(waitlist.day), asc(waitlist.id));
  const serviceIds = [...new Set(rows.flatMap((r) => r.w.serviceIds))];
  const names = new Map(
    serviceIds.length
      ? (await db.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, serviceIds))).map((s) => [s.id, s.name])
      : [],
  );
  return rows.map(({ w, shop, barber }) => ({
    id: w.id,
    barbershop: { id: shop.id, name: shop.name, slug: shop.slug },
    barber: w.barberId && barber ? { id: barber.id, name: barber.name } : null,
    services: w.serviceIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    date: w.day,
    periods: asPeriods(w.periods),
    created_at: w.createdAt.toISOString(),
    notified_at: w.notifiedAt?.toISOString() ?? null,
    timezone: shop.timezone,
  }));
}

/**
 * A booking of the shop left its time (cancelled, or moved to another): in the same transaction, the
 * waitlist entries waiting for that day (for its barber, or any) whose services now fit in the periods they asked
 * for get their message, with those free times and the link that books one, and are spent. A waitlist entry whose services still do not
 * fit (a longer cut than the freed time) keeps waiting. The freed booking's own client (or guest phone) is not told.
 */
export async function notifyWaitlist(
  tx: Executor,
  freed: { shopId: number; barberId: number; startsAt: Date; timezone: string; clientId: number | null; guestPhone?: string | null },
  now: Date,
): Promise<number> {
  const day = toWallClock(freed.startsAt, freed.timezone).date;
  const entries = await tx
    .select()
    .from(waitlist)
    .where(
      and(
        eq(waitlist.barbershopId, freed.shopId),
        eq(waitlist.day, day),
        isNull(waitlist.notifiedAt),
        or(isNull(waitlist.barberId), eq(waitlist.barberId, freed.barberId)),
        // (A guest's entry has no client: `user_id <> x` would leave it out.)
        freed.clientId ? or(isNull(waitlist.userId), ne(waitlist.userId, freed.clientId)) : undefined,
        freed.guestPhone ? or(isNull(waitlist.guestPhone), ne(waitlist.guestPhone, freed.guestPhone)) : undefined,
      ),
    )
    .orderBy(asc(waitlist.createdAt), asc(waitlist.id))
    .limit(TOLD_PER_FREED_TIME)
    .for("update", { skipLocked: true });
  let told = 0;
  for (const entry of entries) {
    let data;
    try {
      data = await loadRangeData(tx, { shopId: entry.barbershopId, barberId: entry.barberId, serviceIds: entry.serviceIds, from: day, days: 1 });
    } catch (err) {
      if (err instanceof AppError) continue; // a service no longer offered: nothing to book
      throw err;
    }
    const times = inPeriods(unionFreeTimes(data, day, now), asPeriods(entry.periods));
    if (times.length === 0) continue;
    await tx.update(waitlist).set({ notifiedAt: now }).where(eq(waitlist.id, entry.id));
    await enqueueMessages(tx, await waitlistMessages(tx, entry, times, now), now);
    told++;
  }
  return told;
}

/** A guest's asking is the yes to its one message; a "PARAR" / "STOP" sent since takes it back. */
async function optedOutSince(tx: Executor, phone: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ at: whatsappConsents.optedOutAt })
    .from(whatsappConsents)
    .where(eq(whatsappConsents.phoneHash, consentKey(phone)))
    .limit(1);
  return Boolean(row?.at && row.at > since);
}

async function waitlistMessages(tx: Executor, entry: typeof waitlist.$inferSelect, times: string[], now: Date): Promise<OutgoingMessage[]> {
  const lang = matchLang(entry.language) ?? "pt-BR";
  const t = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "booking", `messages.waitlist.${key}`, vars);
  const m = (key: string, vars: Record<string, unknown> = {}) => translate(lang, "booking", `messages.booking.${key}`, vars);
  const [[user], [shop], barberRows, serviceRows] = await Promise.all([
    // A guest is told by WhatsApp on the phone they proved (asking was saying yes to it).
    entry.userId
      ? tx.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, entry.userId)).limit(1)
      : Promise.resolve([{ name: entry.guestName, email: null, phone: entry.guestPhone }]),
    tx.select({ name: barbershops.name, slug: barbershops.slug }).from(barbershops).where(eq(barbershops.id, entry.barbershopId)).limit(1),
    entry.barberId ? tx.select({ name: barbers.name }).from(barbers).where(eq(barbers.id, entry.barberId)).limit(1) : Promise.resolve([]),
    tx.select({ name: services.name }).from(services).where(inArray(services.id, entry.serviceIds)).orderBy(asc(services.id)),
  ]);
  const site = siteOrigin();
  const query = new URLSearchParams({
    service: entry.serviceIds.join(","),
    barber: entry.barberId ? String(entry.barberId) : "any",
    date: entry.day,
    step: "when",
  });
  if (lang !== "pt-BR") query.set("lng", lang);
  const link = `${site}/barbearia/${shop.slug}/agendar?${query.toString().replace(/%2C/g, ",")}`;
  const day = formatLongDate(lang, entry.day, { weekday: "long", day: "numeric", month: "long" });
  const shown = times.slice(0, TIMES_IN_MESSAGE).join(", ") + (times.length > TIMES_IN_MESSAGE ? " …" : "");
  const firstName = (user.name ?? "").split(/\s+/)[0];
  const key = `waitlist:${entry.id}:${Math.floor(now.getTime() / 1000)}`;
  const out: OutgoingMessage[] = [];
  if (user.phone && (entry.userId ? await hasWhatsappConsent(tx, user.phone) : !(await optedOutSince(tx, user.phone, entry.createdAt)))) {
    out.push({
      channel: "whatsapp",
      recipient: user.phone,
      kind: "waitlist",
      dedupeKey: `${key}:whatsapp`,
      body: t("whatsapp", { name: firstName, shop: shop.name, day, times: shown, link }),
      // In the template's order (docs/whatsapp-templates.md).
      payload: { whatsapp: { name: "navalha_waitlist_time_free", language: WHATSAPP_LANG[lang], body: [firstName, shop.name, day, shown, link] } },
    });
  }
  if (user.email) {
    const c: BookingContent = {
      lang,
      kind: "waitlist",
      subject: t("subject", { shop: shop.name, day }),
      heading: t("heading"),
      hello: `${m("hello", { name: firstName })} ${t("intro")}`,
      rows: [
        { label: m("shop"), value: shop.name },
        { label: t("day"), value: day },
        { label: t("times"), value: shown },
        { label: m("barber"), value: barberRows[0]?.name ?? t("anyBarber") },
        { label: m("services"), value: serviceRows.map((s) => s.name).join(", ") },
      ],
      manage: { label: t("book"), href: link },
      footer: [t("why", { shop: shop.name })],
      whatsappParams: [],
    };
    out.push({
      channel: "email",
      recipient: user.email,
      kind: "waitlist",
      dedupeKey: `${key}:email`,
      subject: c.subject,
      body: bookingText(c),
      payload: { mjml: bookingMjml(c) },
    });
  }
  return out;
}
