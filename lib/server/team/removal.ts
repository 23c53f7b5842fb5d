import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { TRemoveMember } from "@/lib/contract/team";
import { hydrateAppointments } from "@/lib/server/appointments/read";
import { currentKey } from "@/lib/server/auth/signing-keys";
import { enqueueRescheduleMessages, enqueueStatusMessages } from "@/lib/server/appointments/messages";
import type { Db } from "@/lib/server/db/client";
import { appointments, appointmentServices, barberServices, barbers, barbershops, shopStaff } from "@/lib/server/db/schema";
import { AppError, pgErrorCode } from "@/lib/server/http/errors";
import { requirePermission, requireStaff, type StaffAccess, staffOfShop } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { notifyWaitlist } from "@/lib/server/waitlist/waitlist";
import { describeBookings, upcomingOfBarber } from "./in-the-way";

// Taking a member off the team never drops a booking silently (docs/decisions/0049-team-invitations.md): each booking
// to come of his barbers row is moved to another barber at the same time, or cancelled, the client told by the usual
// message, and the removal is saved only with all of them, in one transaction.

export async function removalPreview(db: Db, access: StaffAccess, staffId: number, now = new Date()) {
  const member = await staffOfShop(db, access, staffId);
  if (member.barberId === null) return { bookings: [] };
  return { bookings: await describeBookings(db, await upcomingOfBarber(db, member.barberId, now)) };
}

export async function removeMember(db: Db, access: StaffAccess, staffId: number, input: TRemoveMember, now = new Date()) {
  await currentKey("manage"); // the messages carry signed links made inside the transaction
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: barbershops.id }).from(barbershops).where(eq(barbershops.id, access.shopId)).for("update");
      const me = await requireStaff(tx, access.userId, access.shopId, "team.manage");
      const member = await staffOfShop(tx, me, staffId);
      if (member.roles.includes("owner")) {
        requirePermission(me, "roles.manage");
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(shopStaff)
          .where(and(eq(shopStaff.barbershopId, me.shopId), ne(shopStaff.id, member.id), sql`'owner' = any(${shopStaff.roles})`));
        if (others.n === 0) throw new AppError("LAST_OWNER");
      }
      const upcoming = member.barberId === null ? [] : await upcomingOfBarber(tx, member.barberId, now);
      const byBooking = new Map(input.resolutions.map((r) => [r.booking_id, r]));
      if (input.resolutions.some((r) => !upcoming.includes(r.booking_id))) throw new AppError("RESOLUTION_INVALID");
      const missing = upcoming.filter((id) => !byBooking.has(id));
      if (missing.length > 0) throw new AppError("BOOKINGS_IN_THE_WAY", { extra: { bookings: await describeBookings(tx, missing) } });

      let moved = 0;
      let cancelled = 0;
      const done: { booking_id: number; action: string; barber_id?: number }[] = [];
      for (const id of upcoming) {
        const r = byBooking.get(id)!;
        const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update");
        if (r.action === "move") {
          const target = r.barber_id;
          if (!target || target === member.barberId) throw new AppError("RESOLUTION_INVALID");
          const [barber] = await tx
            .select({ id: barbers.id })
            .from(barbers)
            .where(and(eq(barbers.id, target), eq(barbers.barbershopId, me.shopId), eq(barbers.isActive, true)));
          if (!barber) throw new AppError("RESOLUTION_INVALID");
          // He does every service of the booking.
          const wanted = await tx.select({ id: appointmentServices.serviceId }).from(appointmentServices).where(eq(appointmentServices.appointmentId, id));
          if (wanted.length > 0) {
            const does = await tx
              .select({ id: barberServices.serviceId })
              .from(barberServices)
              .where(
                and(
                  eq(barberServices.barberId, target),
                  inArray(
                    barberServices.serviceId,
                    wanted.map((w) => w.id),
                  ),
                ),
              );
            if (does.length !== wanted.length) throw new AppError("RESOLUTION_INVALID");
          }
          const [updated] = await tx
            .update(appointments)
            .set({ barberId: target, icsSequence: sql`${appointments.icsSequence} + 1` })
            .where(eq(appointments.id, id))
            .returning();
          const [a] = await hydrateAppointments(tx, [updated], { now, clientId: updated.clientId });
          await enqueueRescheduleMessages(tx, a, { clientId: updated.clientId, language: updated.language, icsSequence: updated.icsSequence }, now);
          moved++;
          done.push({ booking_id: id, action: "move", barber_id: target });
        } else {
          const [updated] = await tx
            .update(appointments)
            .set({ status: "cancelled", cancelledAt: now, icsSequence: sql`${appointments.icsSequence} + 1` })
            .where(eq(appointments.id, id))
            .returning();
          const [a] = await hydrateAppointments(tx, [updated], { now, clientId: updated.clientId });
          await enqueueStatusMessages(tx, a, { clientId: updated.clientId, language: updated.language, icsSequence: updated.icsSequence }, "cancelled", now);
          await notifyWaitlist(
            tx,
            {
              shopId: row.barbershopId,
              barberId: row.barberId,
              startsAt: row.startsAt,
              timezone: a.timezone,
              clientId: row.clientId,
              guestPhone: row.clientId ? null : row.clientPhone,
            },
            now,
          );
          cancelled++;
          done.push({ booking_id: id, action: "cancel" });
        }
      }
      await tx.delete(shopStaff).where(eq(shopStaff.id, member.id));
      // His barbers row stays for the bookings it holds, off the team: no page, search or free time shows him.
      if (member.barberId !== null) await tx.update(barbers).set({ isActive: false }).where(eq(barbers.id, member.barberId));
      await recordChange(tx, me, {
        action: "team.remove",
        subject: "staff",
        subjectId: member.id,
        before: { user_id: member.userId, roles: member.roles, barber_id: member.barberId },
        after: { resolutions: done },
      });
      return { removed: true as const, moved, cancelled };
    });
  } catch (err) {
    // The barber who takes a booking is busy then (the appointments' overlap guard).
    if (pgErrorCode(err) === "23P01") throw new AppError("SLOT_TAKEN");
    throw err;
  }
}
