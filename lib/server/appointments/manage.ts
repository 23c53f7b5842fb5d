import "server-only";
import { eq, sql } from "drizzle-orm";
import type { TAppointment, TAppointmentStatus } from "@/lib/contract/appointments";
import type { TCreateReview } from "@/lib/contract/booking";
import type { TReview } from "@/lib/contract/shops";
import type { Db, Tx } from "@/lib/server/db/client";
import { appointments, barbers, barbershops, reviews } from "@/lib/server/db/schema";
import { AppError, pgErrorCode } from "@/lib/server/http/errors";
import { currentKey } from "@/lib/server/auth/signing-keys";
import { notifyWaitlist } from "@/lib/server/waitlist/waitlist";
import { enqueueStaffAlerts } from "@/lib/server/alerts/enqueue";
import { enqueueStatusMessages } from "./messages";
import { dropPendingMessages } from "@/lib/server/notifications/outbox";
import { type Access, type AppointmentRow, findAccessibleRow, hydrateAppointments, toReview } from "./read";
import { canCancel, canConfirm, effectiveStatus } from "./status";

/** pending → confirmed, and pending | confirmed → cancelled before it starts; anything else is 422. */
export async function changeAppointmentStatus(
  db: Db,
  id: number,
  target: TAppointmentStatus,
  access: Access,
  now = new Date(),
  /** Called inside the transaction once the change is written (the staff's reason and record of it). */
  alsoInTx?: (tx: Tx, before: AppointmentRow, after: TAppointment) => Promise<void>,
): Promise<TAppointment> {
  await currentKey("manage"); // loaded now: a guest's message carries a signed link made inside the transaction
  return db.transaction(async (tx) => {
    const row = await findAccessibleRow(tx, id, access, { forUpdate: true, now });
    // A staff agenda that had not seen the cancellation yet: told so, nothing changed.
    if (access.staffShopId !== undefined && row.status === "cancelled") throw new AppError("BOOKING_CANCELLED");
    const allowed = target === "confirmed" ? canConfirm(row, now) : target === "cancelled" ? canCancel(row, now) : false;
    if (!allowed) throw new AppError("INVALID_TRANSITION");
    const [updated] = await tx
      .update(appointments)
      .set({
        ...(target === "confirmed" ? { status: "confirmed", confirmedAt: now } : { status: "cancelled", cancelledAt: now }),
        icsSequence: sql`${appointments.icsSequence} + 1`,
      })
      .where(eq(appointments.id, row.id))
      .returning();
    const [appointment] = await hydrateAppointments(tx, [updated], { now, clientId: access.user?.id ?? null });
    // Its message, and on cancellation no reminder left to go, in this same transaction.
    await enqueueStatusMessages(
      tx,
      appointment,
      { clientId: updated.clientId, language: updated.language, icsSequence: updated.icsSequence },
      target as "confirmed" | "cancelled",
      now,
    );
    if (target === "cancelled")
      await enqueueStaffAlerts(
        tx,
        appointment,
        { event: "cancelled", actorUserId: access.user?.id ?? access.staffUserId ?? null, sequence: updated.icsSequence },
        now,
      );
    // Its time is free again: whoever asked to be told for that day, and fits in it now, is.
    if (target === "cancelled")
      await notifyWaitlist(
        tx,
        {
          shopId: row.barbershopId,
          barberId: row.barberId,
          startsAt: row.startsAt,
          timezone: appointment.timezone,
          clientId: row.clientId,
          guestPhone: row.clientId ? null : row.clientPhone,
        },
        now,
      );
    await alsoInTx?.(tx, row, appointment);
    return appointment;
  });
}

/**
 * One review per completed appointment of the client. The shop's and the barber's averages are
 * recomputed in the same transaction, after their rows are locked, so concurrent reviews of one
 * shop each see the other's.
 */
export async function addReview(db: Db, access: Access, input: TCreateReview, now = new Date()): Promise<TReview> {
  // `access`: the client's session, or the link of the message that asked them to rate the visit (`provenId`).
  try {
    return await db.transaction(async (tx) => {
      const row = await findAccessibleRow(tx, input.appointment_id, access, { forUpdate: true });
      const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.appointmentId, row.id)).limit(1);
      if (existing) throw new AppError("ALREADY_RATED");
      if (effectiveStatus(row, now) !== "completed") throw new AppError("NOT_COMPLETED");
      // Only a client's visit is rated (a guest's has no account to sign the review).
      if (row.clientId === null) throw new AppError("NOT_COMPLETED");
      if (row.status !== "completed") await tx.update(appointments).set({ status: "completed" }).where(eq(appointments.id, row.id));

      const [review] = await tx
        .insert(reviews)
        .values({
          appointmentId: row.id,
          barbershopId: row.barbershopId,
          barberId: row.barberId,
          clientId: row.clientId,
          clientName: row.clientName,
          rating: input.rating,
          comment: input.comment,
          createdAt: now,
        })
        .returning();

      await tx.select({ id: barbershops.id }).from(barbershops).where(eq(barbershops.id, row.barbershopId)).for("update");
      await tx
        .update(barbershops)
        .set({
          ratingAvg: sql`(select coalesce(round(avg(r.rating)::numeric, 2), 0) from reviews r where r.barbershop_id = ${row.barbershopId})`,
          ratingCount: sql`(select count(*)::int from reviews r where r.barbershop_id = ${row.barbershopId})`,
        })
        .where(eq(barbershops.id, row.barbershopId));
      await tx.select({ id: barbers.id }).from(barbers).where(eq(barbers.id, row.barberId)).for("update");
      await tx
        .update(barbers)
        .set({
          ratingAvg: sql`(select coalesce(round(avg(r.rating)::numeric, 2), 0) from reviews r where r.barber_id = ${row.barberId})`,
          ratingCount: sql`(select count(*)::int from reviews r where r.barber_id = ${row.barberId})`,
        })
        .where(eq(barbers.id, row.barberId));
      // Rated: the message that would ask for it is not sent.
      await dropPendingMessages(tx, row.id, ["review-request"]);
      return toReview(review);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // reviews_appointment_key: a second review that raced past the check above.
    if (pgErrorCode(err) === "23505") throw new AppError("ALREADY_RATED");
    throw err;
  }
}
