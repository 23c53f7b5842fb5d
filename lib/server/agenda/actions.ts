import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  AGENDA_END_GRID_MINUTES,
  AGENDA_MOVE_MIN_MINUTES,
  type TAgendaBlock,
  type TAgendaBooking,
  type TAgendaCancel,
  type TAgendaClients,
  type TAgendaMark,
  type TAgendaMove,
  type TAgendaNewBlock,
  type TAgendaNewBooking,
} from "@/lib/contract/agenda";
import { createAppointment, type Booker } from "@/lib/server/appointments/create";
import { changeAppointmentStatus } from "@/lib/server/appointments/manage";
import { rescheduleAppointment } from "@/lib/server/appointments/reschedule";
import { reviewRequestMessages } from "@/lib/server/appointments/review-request";
import { hydrateAppointments } from "@/lib/server/appointments/read";
import { addDays, fromWallClock, hourToMinutes, minutesToHour, toWallClock, toZonedIso } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { appointments, barbers, barbershops, blockedTimes, users } from "@/lib/server/db/schema";
import { AppError, validationFailed } from "@/lib/server/http/errors";
import { dropPendingMessages, enqueueMessages } from "@/lib/server/notifications/outbox";
import { rowsOf } from "@/lib/server/shops/cards";
import { escapeLike } from "@/lib/server/shops/name-words";
import { barberOfShop, bookingOfShop, clientOfShop, isOwnBarber, requirePermission, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { can, phoneFor } from "@/lib/server/staff/permissions";
import type { Lang } from "@/lib/i18n/settings";
import { readAgendaBooking } from "./day";
import { setBookingFacts } from "./record";

// What the shop's staff do on the agenda (docs/decisions/0050-agenda.md). Bookings, moves and cancellations go through
// the same services as the client's own (lib/server/appointments/): one transaction, the exclusion constraint, the
// client's messages; each change is recorded with recordChange in that transaction, and the agenda_changes triggers
// tell every open agenda.

/** Weekly blocks: this many weeks of the same time, from the day asked for. */
export const WEEKLY_BLOCK_WEEKS = 52;
/** A client may be marked as arrived from this long before the booking's start. */
const ARRIVAL_EARLY_MS = 30 * 60_000;

/** A walk-in or a phone call, booked for a barber of the shop in the same transaction as any online booking. */
export async function bookAtFrontDesk(
  db: Db,
  access: StaffAccess,
  input: TAgendaNewBooking,
  options: { now?: Date; language?: Lang } = {},
): Promise<TAgendaBooking> {
  await barberOfShop(db, access, input.barber_id);
  requirePermission(access, "bookings.manage", { isOwn: isOwnBarber(access, input.barber_id) });
  let booker: Booker;
  if ("id" in input.client) {
    await clientOfShop(db, access, input.client.id);
    const [user] = await db.select().from(users).where(eq(users.id, input.client.id)).limit(1);
    if (!user) throw new AppError("NOT_OF_SHOP", { key: "NOT_OF_SHOP_CLIENT" });
    booker = { kind: "client", user };
  } else {
    booker = { kind: "guest", name: input.client.name, phone: input.client.phone };
  }
  const { appointment } = await createAppointment(
    db,
    {
      barbershop_id: access.shopId,
      barber_id: input.barber_id,
      services: input.services,
      products: [],
      date: input.date,
      start_hour: input.start_hour,
      notes: input.notes,
      whatsapp_opt_in: false,
    },
    booker,
    { now: options.now, language: options.language, staff: { access } },
  );
  return readAgendaBooking(db, access, appointment.id);
}

/**
 * Moves a booking to another time, to another barber of the shop who offers its services, or to a new end (a resize,
 * on the agenda's 5-minute grid); the client is told as of any move. A barber moves his own bookings only, and keeps
 * them: giving one to a colleague is for the roles that manage every barber's bookings (decision 0063).
 */
export async function moveBooking(db: Db, access: StaffAccess, bookingId: number, input: TAgendaMove, now = new Date()): Promise<TAgendaBooking> {
  const booking = await bookingOfShop(db, access, bookingId, "bookings.manage");
  let barberId: number | undefined;
  if (input.barber_id !== undefined && input.barber_id !== booking.barberId) {
    const barber = await barberOfShop(db, access, input.barber_id);
    requirePermission(access, "bookings.manage", { isOwn: isOwnBarber(access, barber.id) });
    if (!barber.isActive) throw new AppError("BARBER_NOT_IN_SHOP", { key: "AGENDA_MOVE_BARBER_INACTIVE" });
    barberId = barber.id;
  }
  const durationMinutes = input.end_hour === undefined ? undefined : resizedMinutes(input.start_hour, input.end_hour);
  await rescheduleAppointment(
    db,
    bookingId,
    { date: input.date, start_hour: input.start_hour, barberId, durationMinutes },
    { user: null, staffShopId: access.shopId, staffUserId: access.userId },
    now,
    async (tx, before, after) => {
      await recordChange(tx, access, {
        action: "booking.move",
        subject: "booking",
        subjectId: bookingId,
        before: { starts_at: before.startsAt.toISOString(), ends_at: before.endsAt.toISOString(), barber_id: before.barberId },
        after: { starts_at: new Date(after.starts_at).toISOString(), ends_at: new Date(after.ends_at).toISOString(), barber_id: after.barber.id },
      });
    },
  );
  return readAgendaBooking(db, access, bookingId);
}

/** The length a new end gives, in wall-clock minutes of the day; an end before the start, off the grid or too short is 400. */
function resizedMinutes(startHour: string, endHour: string): number {
  const minutes = hourToMinutes(endHour) - hourToMinutes(startHour);
  if (hourToMinutes(endHour) % AGENDA_END_GRID_MINUTES !== 0 || minutes < AGENDA_MOVE_MIN_MINUTES) {
    throw validationFailed(
      [{ path: "end_hour", message: `after start_hour by ${AGENDA_MOVE_MIN_MINUTES}+ minutes, on the ${AGENDA_END_GRID_MINUTES}-minute grid` }],
      "AGENDA_MOVE_END",
    );
  }
  return minutes;
}

/** Cancels a booking with the shop's reason; the client is told and the waitlist hears of the time. */
export async function cancelBooking(db: Db, access: StaffAccess, bookingId: number, input: TAgendaCancel, now = new Date()): Promise<TAgendaBooking> {
  await bookingOfShop(db, access, bookingId, "bookings.manage");
  await changeAppointmentStatus(db, bookingId, "cancelled", { user: null, staffShopId: access.shopId, staffUserId: access.userId }, now, async (tx, before) => {
    await setBookingFacts(tx, access.shopId, bookingId, { cancelReason: input.reason });
    await recordChange(tx, access, {
      action: "booking.cancel",
      subject: "booking",
      subjectId: bookingId,
      before: { status: before.status },
      after: { status: "cancelled", reason: input.reason },
    });
  });
  return readAgendaBooking(db, access, bookingId);
}

/**
 * What happened: the client arrived (from a little before the start), the visit completed (the "how was it?" request
 * goes now instead of later), or a no-show (counted for the client at this shop; no review is asked for).
 */
export async function markBooking(db: Db, access: StaffAccess, bookingId: number, mark: TAgendaMark, now = new Date()): Promise<TAgendaBooking> {
  await bookingOfShop(db, access, bookingId, "bookings.manage");
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(appointments).where(eq(appointments.id, bookingId)).for("update");
    if (row.status === "cancelled") throw new AppError("BOOKING_CANCELLED");
    const earliest = row.startsAt.getTime() - (mark === "arrived" ? ARRIVAL_EARLY_MS : 0);
    if (now.getTime() < earliest) throw new AppError("AGENDA_STATUS_NOT_NOW");
    if (mark === "arrived") {
      await setBookingFacts(tx, access.shopId, bookingId, { arrivedAt: now, noShowAt: null });
    } else if (mark === "no_show") {
      await setBookingFacts(tx, access.shopId, bookingId, { noShowAt: now, arrivedAt: null });
      await dropPendingMessages(tx, bookingId, ["review-request"]);
    } else {
      await setBookingFacts(tx, access.shopId, bookingId, { noShowAt: null });
      if (row.status !== "completed") {
        await tx.update(appointments).set({ status: "completed" }).where(eq(appointments.id, bookingId));
        const [appointment] = await hydrateAppointments(tx, [{ ...row, status: "completed" }], { now, clientId: row.clientId });
        // The request waiting for later goes now, once.
        await dropPendingMessages(tx, bookingId, ["review-request"]);
        const messages = await reviewRequestMessages(tx, appointment, { clientId: row.clientId, lang: row.language as Lang, sequence: row.icsSequence });
        await enqueueMessages(
          tx,
          messages.map((m) => ({ ...m, sendAfter: now, dedupeKey: `${m.dedupeKey}:completed` })),
          now,
        );
      }
    }
    await recordChange(tx, access, { action: `booking.${mark}`, subject: "booking", subjectId: bookingId, before: { status: row.status }, after: { mark } });
  });
  return readAgendaBooking(db, access, bookingId);
}

/**
 * Blocks time of one barber (or every barber of the shop), once or every week for a year. When the time holds
 * bookings nothing is saved: they are listed (409 BLOCK_OVER_BOOKINGS) so that staff move or cancel them first.
 */
export async function blockTime(db: Db, access: StaffAccess, input: TAgendaNewBlock): Promise<{ blocks: TAgendaBlock[] }> {
  let barberIds: number[];
  if (input.barber_id !== undefined) {
    await barberOfShop(db, access, input.barber_id);
    requirePermission(access, "time.manage", { isOwn: isOwnBarber(access, input.barber_id) });
    barberIds = [input.barber_id];
  } else {
    requirePermission(access, "time.manage", { isOwn: false });
    barberIds = (
      await db
        .select({ id: barbers.id })
        .from(barbers)
        .where(and(eq(barbers.barbershopId, access.shopId), eq(barbers.isActive, true)))
    ).map((b) => b.id);
  }
  const start = hourToMinutes(input.start_hour);
  const end = hourToMinutes(input.end_hour);
  if (end <= start) throw validationFailed([{ path: "end_hour", message: "after start_hour" }], "AGENDA_BLOCK_RANGE");
  const [shop] = await db.select({ timezone: barbershops.timezone }).from(barbershops).where(eq(barbershops.id, access.shopId));
  const tz = shop.timezone;
  const weeks = input.weekly ? WEEKLY_BLOCK_WEEKS : 1;
  const periods: { startsAt: Date; endsAt: Date }[] = [];
  for (let w = 0; w < weeks; w++) {
    const date = addDays(input.date, 7 * w);
    const s = fromWallClock(date, start, tz);
    const e = fromWallClock(date, end, tz);
    if (s && e && s < e) periods.push({ startsAt: s, endsAt: e });
  }
  if (periods.length === 0) throw validationFailed([{ path: "start_hour", message: "not a time of that day" }], "AGENDA_BLOCK_RANGE");
  return db.transaction(async (tx) => {
    // The barbers' rows locked: two blocks of one barber at once are checked one after the other.
    await tx.select({ id: barbers.id }).from(barbers).where(inArray(barbers.id, barberIds)).for("update");
    const overlapping = rowsOf(
      await tx.execute(sql`select a.id from appointments a
        where a.barber_id in (${sql.join(
          barberIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and a.status <> 'cancelled'
          and tstzrange(a.starts_at, a.ends_at, '[)') && any(array[${sql.join(
            periods.map((p) => sql`tstzrange(${p.startsAt.toISOString()}::timestamptz, ${p.endsAt.toISOString()}::timestamptz, '[)')`),
            sql`, `,
          )}])
        order by a.starts_at, a.id`),
    ) as { id: number }[];
    if (overlapping.length > 0) {
      throw new AppError("BLOCK_OVER_BOOKINGS", { details: overlapping.map((b) => ({ path: "bookings", message: String(b.id) })) });
    }
    const rows = await tx
      .insert(blockedTimes)
      .values(barberIds.flatMap((barberId) => periods.map((p) => ({ barberId, startsAt: p.startsAt, endsAt: p.endsAt, reason: input.reason || null }))))
      .returning();
    await recordChange(tx, access, {
      action: "time.block",
      subject: "blocked_time",
      subjectId: rows[0]?.id ?? null,
      after: {
        barber_ids: barberIds,
        date: input.date,
        start_hour: input.start_hour,
        end_hour: input.end_hour,
        weekly: input.weekly,
        reason: input.reason ?? null,
      },
    });
    const first = rows.filter((r) => r.startsAt.getTime() === periods[0].startsAt.getTime());
    return {
      blocks: first.map((r) => {
        const s = toWallClock(r.startsAt, tz);
        return {
          id: r.id,
          barber_id: r.barberId,
          starts_at: toZonedIso(r.startsAt, tz),
          ends_at: toZonedIso(r.endsAt, tz),
          date: s.date,
          start_hour: minutesToHour(s.minutes),
          end_hour: minutesToHour(toWallClock(r.endsAt, tz).minutes),
          reason: r.reason,
        };
      }),
    };
  });
}

/** Removes one block of time of a barber of the shop. */
export async function unblockTime(db: Db, access: StaffAccess, blockId: number): Promise<void> {
  const [row] = await db
    .select({ id: blockedTimes.id, barberId: blockedTimes.barberId, startsAt: blockedTimes.startsAt, endsAt: blockedTimes.endsAt, reason: blockedTimes.reason })
    .from(blockedTimes)
    .innerJoin(barbers, eq(barbers.id, blockedTimes.barberId))
    .where(and(eq(blockedTimes.id, blockId), eq(barbers.barbershopId, access.shopId)))
    .limit(1);
  if (!row) throw new AppError("NOT_OF_SHOP", { key: "NOT_OF_SHOP_BARBER" });
  requirePermission(access, "time.manage", { isOwn: isOwnBarber(access, row.barberId) });
  await db.transaction(async (tx) => {
    await tx.delete(blockedTimes).where(eq(blockedTimes.id, row.id));
    await recordChange(tx, access, {
      action: "time.unblock",
      subject: "blocked_time",
      subjectId: row.id,
      before: { barber_id: row.barberId, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), reason: row.reason },
    });
  });
}

/** The shop's clients with an account whose name or phone holds the text, most visits first; a barber finds his own. */
export async function findShopClients(db: Db, access: StaffAccess, q: string): Promise<TAgendaClients> {
  const ownOnly = !can(access.roles, "bookings.view", { isOwn: false });
  const digits = q.replace(/\D/g, "");
  const like = `%${escapeLike(q)}%`;
  const rows = rowsOf(
    await db.execute(sql`select u.id, u.name, u.phone,
        count(*) filter (where a.status <> 'cancelled')::int as visits,
        count(ab.no_show_at)::int as no_shows,
        bool_or(a.barber_id = ${access.barberId ?? 0}) as own
      from appointments a join users u on u.id = a.client_id left join agenda_bookings ab on ab.appointment_id = a.id
      where a.barbershop_id = ${access.shopId}
        ${ownOnly ? sql`and a.barber_id = ${access.barberId ?? 0}` : sql``}
        and (u.name ilike ${like} ${digits.length >= 4 ? sql`or u.phone like ${`%${digits}%`}` : sql``})
      group by u.id, u.name, u.phone
      order by visits desc, u.name, u.id
      limit 10`),
  ) as { id: number; name: string; phone: string | null; visits: number; no_shows: number; own: boolean }[];
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: phoneFor(access.roles, "clients.phone", r.phone, { isOwn: Boolean(r.own) }),
      visits: Number(r.visits),
      no_shows: Number(r.no_shows),
    })),
  };
}
