import "server-only";
import type { TAppointmentStatus } from "@/lib/contract/appointments";

export type StatusFacts = { status: string; startsAt: Date; endsAt: Date };

/** A pending or confirmed appointment whose end has passed is completed, whether or not it was saved so. */
export function effectiveStatus(a: StatusFacts, now: Date): TAppointmentStatus {
  if ((a.status === "pending" || a.status === "confirmed") && a.endsAt.getTime() <= now.getTime()) return "completed";
  return a.status as TAppointmentStatus;
}

export function canCancel(a: StatusFacts, now: Date): boolean {
  const s = effectiveStatus(a, now);
  return (s === "pending" || s === "confirmed") && now.getTime() < a.startsAt.getTime();
}

export function canConfirm(a: StatusFacts, now: Date): boolean {
  return effectiveStatus(a, now) === "pending" && now.getTime() < a.startsAt.getTime();
}

export function canReview(a: StatusFacts & { clientId: number | null; hasReview: boolean }, now: Date): boolean {
  return a.clientId !== null && !a.hasReview && effectiveStatus(a, now) === "completed";
}
