import "server-only";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { appointmentMoves, appointments, barbershops } from "@/lib/server/db/schema";
import { notifyWaitlist } from "./waitlist";

// A time a booking moved away from is told to the waitlist a few minutes later, and only if a time is still free
// then (docs/decisions/0043): moving away and straight back would otherwise spend the waitlist entries of that day.

const BATCH = 20;

/**
 * The moves whose delay has passed, each in its own transaction: the waitlist of the day it left is told as a
 * cancellation tells it (the free times computed now, so a time taken again tells no one), and the move is marked
 * checked. Rows are claimed with SKIP LOCKED, so two servers running it check each move once. Answers how many moves were checked.
 */
export async function tellWaitlistOfMovedTimes(db: Db, now = new Date()): Promise<number> {
  let checked = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [move] = await tx
        .select()
        .from(appointmentMoves)
        .where(and(isNull(appointmentMoves.waitlistCheckedAt), lte(appointmentMoves.waitlistDueAt, now)))
        .orderBy(asc(appointmentMoves.waitlistDueAt), asc(appointmentMoves.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!move) return false;
      await tx.update(appointmentMoves).set({ waitlistCheckedAt: now }).where(eq(appointmentMoves.id, move.id));
      const [owner] = await tx
        .select({ clientId: appointments.clientId, phone: appointments.clientPhone, timezone: barbershops.timezone })
        .from(appointments)
        .innerJoin(barbershops, eq(barbershops.id, appointments.barbershopId))
        .where(eq(appointments.id, move.appointmentId))
        .limit(1);
      if (!owner) return true;
      await notifyWaitlist(
        tx,
        {
          shopId: move.barbershopId,
          barberId: move.barberId,
          startsAt: move.fromStartsAt,
          timezone: owner.timezone,
          clientId: owner.clientId,
          guestPhone: owner.clientId ? null : owner.phone,
        },
        now,
      );
      return true;
    });
    if (!done) return checked;
    if (++checked >= BATCH) return checked;
  }
}
