import "server-only";
import type { NextRequest } from "next/server";
import { and, asc, count, eq, gt, min, sql } from "drizzle-orm";
import type { TAppointment } from "@/lib/contract/appointments";
import type { TRescheduleBody } from "@/lib/contract/booking";
import { loadBookingData } from "@/lib/server/availability/load";
import { fromWallClock, hourToMinutes, toWallClock } from "@/lib/server/availability/zoned-time";
import { currentKey } from "@/lib/server/auth/signing-keys";
import type { Db, Executor, Tx } from "@/lib/server/db/client";
import { appointmentMoves, appointmentServices, appointments } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { appointmentAccess } from "./access";
import { assertDateWithinHorizon } from "./booking-limits";
import { assertOfferedStart, isOverlap } from "./create";
import { enqueueStaffAlerts } from "@/lib/server/alerts/enqueue";
import { enqueueRescheduleMessages } from "./messages";
import { type Access, type AppointmentRow, findAccessibleRow, hydrateAppointments } from "./read";
import { canCancel } from "./status";

/** Moves one booking may make in a day (a rolling 24 hours), and how long the time it left waits before the waitlist hears of it. */
export const MOVE_LIMITS = { perDay: 3, windowMs: 24 * 60 * 60 * 1000, waitlistDelayMs: 5 * 60 * 1000 };

/** A fourth move within a day: 429 with the wait until the oldest of those moves is a day old. */
async function assertMoveAllowed(tx: Executor, appointmentId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - MOVE_LIMITS.windowMs);
  const [moves] = await tx
    .select({ n: count(), oldest: min(appointmentMoves.movedAt) })
    .from(appointmentMoves)
    .where(and(eq(appointmentMoves.appointmentId, appointmentId), gt(appointmentMoves.movedAt, since)));
  if (moves.n < MOVE_LIMITS.perDay || !moves.oldest) return;
  const seconds = Math.max(1, Math.ceil((new Date(moves.oldest).getTime() + MOVE_LIMITS.windowMs - now.getTime()) / 1000));
  throw new AppError("TOO_MANY_REQUESTS", { key: "RESCHEDULE_LIMIT", vars: { max: MOVE_LIMITS.perDay }, headers: { "retry-after": String(seconds) } });
}

/**
 * What the shop's staff may change besides the time (lib/server/agenda/actions.ts, which checks the barber and the
 * end first): another barber of the shop, and a new length in minutes (decision 0063). Honoured only with `Access.staffShopId`.
 */
export type StaffMoveChange = { barberId?: number; durationMinutes?: number };

/**
 * Moves an appointment to another day or time with the same barber, services and products (the shop's staff may
 * also give it another barber of the shop or a new length, StaffMoveChange), in one
 * transaction: its row is locked, the new time is checked against the barber's free times with the
 * appointment's own time counted as free (moving it by half an hour is allowed), and the database's
 * exclusion constraint has the last word against a booking made meanwhile. What was paid for stays as
 * booked (prices, products, status); the id stays, so every link to it keeps working. Its waiting
 * reminders are dropped and written again for the new time, with a message that says it moved.
 * The same time again changes nothing, so a retry after a lost answer is harmless. A booking moves at most
 * MOVE_LIMITS.perDay times a day; the time it left is told to the waitlist only after a delay, and only if it is
 * still free then (lib/server/waitlist/moved-times.ts), so moving away and straight back spends no one's waitlist entry.
 */
export async function rescheduleAppointment(
  db: Db,
  id: number,
  input: TRescheduleBody & StaffMoveChange,
  access: Access,
  now = new Date(),
  /** Called inside the transaction once the move is written (the staff's record of it). */
  alsoInTx?: (tx: Tx, before: AppointmentRow, after: TAppointment) => Promise<void>,
): Promise<TAppointment> {
  await currentKey("manage"); // loaded now: a guest's message carries a signed link made inside the transaction
  try {
    return await db.transaction(async (tx) => {
      const row = await findAccessibleRow(tx, id, access, { forUpdate: true, now });
      // A staff agenda that had not seen the cancellation yet: told so, nothing moved.
      if (access.staffShopId !== undefined && row.status === "cancelled") throw new AppError("BOOKING_CANCELLED");
      if (!canCancel(row, now)) throw new AppError("INVALID_TRANSITION");
      const serviceIds = (
        await tx
          .select({ id: appointmentServices.serviceId })
          .from(appointmentServices)
          .where(eq(appointmentServices.appointmentId, row.id))
          .orderBy(asc(appointmentServices.serviceId))
      ).map((s) => s.id);
      assertDateWithinHorizon(input.date, now);
      const byStaff = access.staffShopId !== undefined;
      const barberId = (byStaff && input.barberId) || row.barberId;
      const bookedMinutes = (row.endsAt.getTime() - row.startsAt.getTime()) / 60_000;
      const durationMinutes = (byStaff && input.durationMinutes) || bookedMinutes;
      const loaded = await loadBookingData(tx, { shopId: row.barbershopId, barberId, serviceIds, date: input.date }, { exceptAppointmentId: row.id }).catch(
        (err: unknown) => {
          // Another barber who does not do one of its services: said of this booking, not of a choice of services.
          if (barberId !== row.barberId && err instanceof AppError && err.code === "SERVICE_NOT_PERFORMED") {
            throw new AppError("SERVICE_NOT_PERFORMED", { key: "AGENDA_MOVE_NOT_PERFORMED", details: err.options.details });
          }
          throw err;
        },
      );
      const { day } = loaded;
      // Another barber or a new length: the whole length that will be written must fit his hours and be free.
      const changed = barberId !== row.barberId || durationMinutes !== bookedMinutes;
      // The shop moves a booking with the client at the counter or on the line: no notice to give, as when it books one.
      const shop = byStaff ? { ...loaded.rules.shop, minNoticeMinutes: 0 } : loaded.rules.shop;
      const rules = { ...loaded.rules, shop, durationMinutes: changed ? durationMinutes : loaded.rules.durationMinutes };
      const tz = rules.shop.timezone;
      const startsAt = fromWallClock(input.date, hourToMinutes(input.start_hour), tz);
      if (startsAt && startsAt.getTime() === row.startsAt.getTime() && !changed) {
        const [same] = await hydrateAppointments(tx, [row], { now, clientId: access.user?.id ?? null });
        return same;
      }
      if (input.date < toWallClock(now, tz).date) throw new AppError("DATE_IN_PAST");
      // The limit keeps a client from spending the waitlist's entries; the shop moves its own bookings freely.
      if (access.staffShopId === undefined) await assertMoveAllowed(tx, row.id, now);
      const newStart = assertOfferedStart(rules, day, input, startsAt, now);
      // The length booked stays (the services as they were then), not the services' length today, unless staff resize it.
      const endsAt = new Date(newStart.getTime() + durationMinutes * 60_000);
      const [updated] = await tx
        .update(appointments)
        .set({ startsAt: newStart, endsAt, barberId, icsSequence: sql`${appointments.icsSequence} + 1` })
        .where(eq(appointments.id, row.id))
        .returning();
      const [appointment] = await hydrateAppointments(tx, [updated], { now, clientId: access.user?.id ?? null });
      await enqueueRescheduleMessages(
        tx,
        appointment,
        {
          clientId: updated.clientId,
          language: updated.language,
          icsSequence: updated.icsSequence,
          manageToken: access.manageToken ?? undefined,
        },
        now,
      );
      await enqueueStaffAlerts(
        tx,
        appointment,
        {
          event: "moved",
          actorUserId: access.user?.id ?? access.staffUserId ?? null,
          sequence: updated.icsSequence,
          previousBarberId: barberId === row.barberId ? null : row.barberId,
        },
        now,
      );
      // The time it left is free: the waitlist hears of it once the delay has passed, if it is still free then.
      await tx.insert(appointmentMoves).values({
        appointmentId: row.id,
        barbershopId: row.barbershopId,
        barberId: row.barberId,
        fromStartsAt: row.startsAt,
        fromEndsAt: row.endsAt,
        movedAt: now,
        waitlistDueAt: new Date(now.getTime() + MOVE_LIMITS.waitlistDelayMs),
      });
      await alsoInTx?.(tx, row, appointment);
      return appointment;
    });
  } catch (err) {
    // Someone booked the time in the meantime (the exclusion constraint, or a deadlock with their insert).
    if (isOverlap(err)) throw new AppError("SLOT_TAKEN");
    throw err;
  }
}

/**
 * The appointment a free-times query is moving (`moving`), once the caller is shown to be its client or to
 * hold its private or one-tap link: its own time then counts as free. Anyone else's is 404, as everywhere.
 */
export async function movingAppointmentId(
  db: Executor,
  req: NextRequest,
  query: { moving?: number; manage_token?: string; answer_token?: string },
  now = new Date(),
): Promise<number | undefined> {
  if (query.moving === undefined) return undefined;
  return (await findAccessibleRow(db, query.moving, await appointmentAccess(req, query, now), { now })).id;
}
