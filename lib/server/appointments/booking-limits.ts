import "server-only";
import { and, count, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { addDays } from "@/lib/server/availability/zoned-time";
import { bookingHorizonEnd } from "@/lib/server/availability/horizon";
import type { Tx } from "@/lib/server/db/client";
import { appointments } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/errors";

// What keeps one person from filling a barber's calendar (decision 0013).
export const BOOKING_LIMITS = {
  /** Upcoming appointments one client may hold: an account, or a guest phone. */
  upcomingPerClient: 10,
  upcomingPerClientAtShop: 3,
  /**
   * Guest bookings a shop takes in an hour before a guest must confirm the phone by a code… An account that has
   * proved no contact counts like a guest (decision 0043): past these, it proves its phone by the same code.
   */
  guestBookingsPerShopHourWithoutCode: 3,
  /** …and at all (429 beyond, verified or not). */
  guestBookingsPerShopHour: 20,
};

export type QuotaBooker = { kind: "client"; userId: number; proved: boolean } | { kind: "guest"; phone: string; phoneVerified: boolean };

/** An account that proved its phone (a WhatsApp code) or its e-mail (a confirmation link). */
export const hasProvedContact = (user: { phoneProvedAt: Date | null; emailProvedAt: Date | null }) => Boolean(user.phoneProvedAt || user.emailProvedAt);

const beyondHorizon = () => new AppError("BEYOND_BOOKING_HORIZON", { vars: { days: env().BOOKING_HORIZON_DAYS } });

/** Before anything is loaded: a date surely past the horizon in any time zone (e.g. 9999-12-30). */
export function assertDateWithinHorizon(date: string, now: Date): void {
  if (date > addDays(now.toISOString().slice(0, 10), env().BOOKING_HORIZON_DAYS + 1)) throw beyondHorizon();
}

export function assertStartWithinHorizon(startsAt: Date, now: Date): void {
  if (startsAt.getTime() > bookingHorizonEnd(now).getTime()) throw beyondHorizon();
}

/** Serialises the bookings that count against the same limit, until the transaction ends. */
async function lock(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Inside the booking's transaction, just before the insert: the client's upcoming appointments (in
 * all and at this shop) and, for guests, the shop's guest bookings of the last hour. Locks make
 * concurrent bookings of one client, and concurrent guest bookings of one shop, count one by one.
 */
export async function assertBookingQuota(tx: Tx, shopId: number, booker: QuotaBooker, now: Date): Promise<void> {
  const owner =
    booker.kind === "client" ? eq(appointments.clientId, booker.userId) : and(isNull(appointments.clientId), eq(appointments.clientPhone, booker.phone));
  await lock(tx, booker.kind === "client" ? `booking:user:${booker.userId}` : `booking:guest:${booker.phone}`);
  const [upcoming] = await tx
    .select({ total: count(), atShop: sql<string>`count(*) filter (where ${appointments.barbershopId} = ${shopId})` })
    .from(appointments)
    .where(and(owner, inArray(appointments.status, ["pending", "confirmed"]), gt(appointments.endsAt, now)));
  if (Number(upcoming.atShop) >= BOOKING_LIMITS.upcomingPerClientAtShop) {
    throw new AppError("SHOP_UPCOMING_LIMIT", { vars: { max: BOOKING_LIMITS.upcomingPerClientAtShop } });
  }
  if (upcoming.total >= BOOKING_LIMITS.upcomingPerClient) throw new AppError("UPCOMING_LIMIT", { vars: { max: BOOKING_LIMITS.upcomingPerClient } });
  if (booker.kind === "client" && booker.proved) return;

  await lock(tx, `booking:shop-guests:${shopId}`);
  const [recent] = await tx
    .select({ n: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.barbershopId, shopId),
        or(isNull(appointments.clientId), sql`${appointments.bookedUnproved}`),
        gt(appointments.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (booker.kind === "client") {
    // Unlike a guest, an account past the hour's cap can still prove its phone and book.
    if (recent.n >= BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode)
      throw new AppError("PHONE_VERIFICATION_REQUIRED", { key: "ACCOUNT_PHONE_VERIFICATION_REQUIRED" });
    return;
  }
  if (recent.n >= BOOKING_LIMITS.guestBookingsPerShopHour) {
    throw new AppError("TOO_MANY_REQUESTS", { key: "GUEST_BOOKINGS_BUSY", headers: { "retry-after": "600" } });
  }
  if (recent.n >= BOOKING_LIMITS.guestBookingsPerShopHourWithoutCode && !booker.phoneVerified) {
    throw new AppError("PHONE_VERIFICATION_REQUIRED");
  }
}
