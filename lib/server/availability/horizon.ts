import "server-only";
import { env } from "@/lib/server/env";

/** The latest start a booking made now may have (BOOKING_HORIZON_DAYS ahead). */
export function bookingHorizonEnd(now: Date): Date {
  return new Date(now.getTime() + env().BOOKING_HORIZON_DAYS * 86_400_000);
}
