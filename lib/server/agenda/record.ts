import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/lib/server/db/client";
import { agendaBookings } from "@/lib/server/db/schema";
import type { StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";

/** A booking the front desk made: its source and who booked it, and the shop's record of the change. */
export async function recordFrontDeskBooking(tx: Tx, access: StaffAccess, appointmentId: number, after: Record<string, unknown>): Promise<void> {
  await tx.insert(agendaBookings).values({ appointmentId, barbershopId: access.shopId, source: "front_desk", bookedByUserId: access.userId });
  await recordChange(tx, access, { action: "booking.create", subject: "booking", subjectId: appointmentId, after });
}

/** Sets what the shop adds to a booking (a mark, a cancellation's reason), creating its row when it has none. */
export async function setBookingFacts(
  tx: Tx,
  shopId: number,
  appointmentId: number,
  facts: Partial<Pick<typeof agendaBookings.$inferInsert, "arrivedAt" | "noShowAt" | "cancelReason">>,
): Promise<void> {
  await tx
    .insert(agendaBookings)
    .values({ appointmentId, barbershopId: shopId, ...facts })
    .onConflictDoUpdate({
      target: agendaBookings.appointmentId,
      set: {
        ...("arrivedAt" in facts ? { arrivedAt: sql`excluded.arrived_at` } : {}),
        ...("noShowAt" in facts ? { noShowAt: sql`excluded.no_show_at` } : {}),
        ...("cancelReason" in facts ? { cancelReason: sql`excluded.cancel_reason` } : {}),
      },
    });
}
