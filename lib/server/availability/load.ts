import "server-only";
import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import type { TAvailableTimes } from "@/lib/contract/booking";
import type { TBarber } from "@/lib/contract/shops";
import type { Executor } from "@/lib/server/db/client";
import { appointments, barberBreaks, barberHours, barberServices, barbers, barbershops, blockedTimes, services, shopHours } from "@/lib/server/db/schema";
import { AppError, notFound, unprocessable } from "@/lib/server/http/errors";
import { type Busy, computeFreeTimes, type FreeTimes, type WeeklyRange } from "./free-times";
import { addDays, weekdayOf } from "./zoned-time";

export type BookingRules = {
  shop: { id: number; timezone: string; stepMinutes: number; minNoticeMinutes: number };
  barber: TBarber;
  services: { id: number; name: string; price: string; durationMinutes: number; description: string; category: string }[];
  durationMinutes: number;
};

const hhmm = (t: string) => t.slice(0, 5);

/**
 * Checks that the barber works at the shop and performs every service, and that each service
 * belongs to the shop and is bookable online. Throws the error a person can act on.
 */
export async function loadBookingRules(db: Executor, input: { shopId: number; barberId: number; serviceIds: number[] }): Promise<BookingRules> {
  const ids = [...new Set(input.serviceIds)];
  // Three independent reads, sent together (pipelined on one connection inside a transaction).
  const [[shop], [barber], rows] = await Promise.all([
    db
      .select({ id: barbershops.id, timezone: barbershops.timezone, step: barbershops.agendaTimeInterval, notice: barbershops.minNoticeMinutes })
      .from(barbershops)
      .where(and(eq(barbershops.id, input.shopId), eq(barbershops.isActive, true)))
      .limit(1),
    db
      .select({ id: barbers.id, name: barbers.name, avatar_url: barbers.avatarUrl, rating_avg: barbers.ratingAvg, rating_count: barbers.ratingCount, bio: barbers.bio })
      .from(barbers)
      .where(and(eq(barbers.id, input.barberId), eq(barbers.barbershopId, input.shopId), eq(barbers.isActive, true)))
      .limit(1),
    db
      .select({
        id: services.id,
        name: services.name,
        price: services.price,
        durationMinutes: services.durationMinutes,
        description: services.description,
        category: services.category,
        performedBy: barberServices.barberId,
      })
      .from(services)
      .leftJoin(barberServices, and(eq(barberServices.serviceId, services.id), eq(barberServices.barberId, input.barberId)))
      .where(and(inArray(services.id, ids), eq(services.barbershopId, input.shopId), eq(services.isActive, true), eq(services.isOnline, true))),
  ]);
  if (!shop) throw notFound("BARBERSHOP_NOT_FOUND");
  if (!barber) throw unprocessable("BARBER_NOT_IN_SHOP");
  if (rows.length !== ids.length) {
    const known = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    throw new AppError(422, "SERVICE_NOT_AVAILABLE", { details: missing.map((id) => ({ path: "services", message: String(id) })) });
  }
  const notPerformed = rows.filter((r) => r.performedBy === null);
  if (notPerformed.length > 0) {
    throw new AppError(422, "SERVICE_NOT_PERFORMED", { details: notPerformed.map((r) => ({ path: "services", message: String(r.id) })) });
  }
  const ordered = ids.map((id) => rows.find((r) => r.id === id)!);
  return {
    shop: { id: shop.id, timezone: shop.timezone, stepMinutes: shop.step, minNoticeMinutes: shop.notice },
    barber: { ...barber, rating_avg: Number(barber.rating_avg) },
    services: ordered.map(({ performedBy: _, ...service }) => service),
    durationMinutes: ordered.reduce((sum, s) => sum + s.durationMinutes, 0),
  };
}

/**
 * Everything the pure calculator needs for one barber on one day, in five small queries sent
 * together. It needs no time zone: the window covers the day in any zone (UTC−14 to UTC+14).
 */
export async function loadDaySchedule(db: Executor, who: { shopId: number; barberId: number }, date: string) {
  const weekday = weekdayOf(date);
  const rules = { shop: { id: who.shopId }, barber: { id: who.barberId } };
  const from = new Date(Date.parse(`${date}T00:00:00Z`) - 15 * 3_600_000);
  const to = new Date(Date.parse(`${addDays(date, 1)}T00:00:00Z`) + 15 * 3_600_000);

  const [own, shopRows, breakRows, busyRows, blockedRows] = await Promise.all([
    db.select({ weekday: barberHours.weekday, start: barberHours.starts, end: barberHours.ends }).from(barberHours).where(and(eq(barberHours.barberId, rules.barber.id), eq(barberHours.weekday, weekday))),
    db.select({ weekday: shopHours.weekday, start: shopHours.opens, end: shopHours.closes }).from(shopHours).where(and(eq(shopHours.barbershopId, rules.shop.id), eq(shopHours.weekday, weekday))),
    db.select({ weekday: barberBreaks.weekday, start: barberBreaks.starts, end: barberBreaks.ends }).from(barberBreaks).where(and(eq(barberBreaks.barberId, rules.barber.id), eq(barberBreaks.weekday, weekday))),
    db
      .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
      .from(appointments)
      .where(and(eq(appointments.barberId, rules.barber.id), lt(appointments.startsAt, to), gt(appointments.endsAt, from), ne(appointments.status, "cancelled"))),
    db
      .select({ startsAt: blockedTimes.startsAt, endsAt: blockedTimes.endsAt })
      .from(blockedTimes)
      .where(and(eq(blockedTimes.barberId, rules.barber.id), lt(blockedTimes.startsAt, to), gt(blockedTimes.endsAt, from))),
  ]);
  const range = (r: { weekday: number; start: string; end: string }): WeeklyRange => ({ weekday: r.weekday, start: hhmm(r.start), end: hhmm(r.end) });
  return { barberHours: own.map(range), shopHours: shopRows.map(range), breaks: breakRows.map(range), appointments: busyRows as Busy[], blocked: blockedRows as Busy[] };
}

export type DaySchedule = Awaited<ReturnType<typeof loadDaySchedule>>;

/** Free times of a loaded day; without appointments it tells "taken" apart from "never offered". */
export function freeTimesOf(rules: BookingRules, day: DaySchedule, date: string, now: Date, options: { withAppointments: boolean }): FreeTimes {
  return computeFreeTimes({
    date,
    timeZone: rules.shop.timezone,
    barberHours: day.barberHours,
    shopHours: day.shopHours,
    breaks: day.breaks,
    busy: options.withAppointments ? [...day.appointments, ...day.blocked] : day.blocked,
    durationMinutes: rules.durationMinutes,
    stepMinutes: rules.shop.stepMinutes,
    minNoticeMinutes: rules.shop.minNoticeMinutes,
    now,
  });
}

export async function getAvailableTimes(
  db: Executor,
  query: { barbershop_id: number; barber_id: number; services: number[]; date: string },
  now = new Date(),
): Promise<TAvailableTimes> {
  const rules = await loadBookingRules(db, { shopId: query.barbershop_id, barberId: query.barber_id, serviceIds: query.services });
  const day = await loadDaySchedule(db, { shopId: rules.shop.id, barberId: rules.barber.id }, query.date);
  const times = freeTimesOf(rules, day, query.date, now, { withAppointments: true });
  return { date: query.date, timezone: rules.shop.timezone, duration_minutes: rules.durationMinutes, ...times };
}
