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

/**
 * Whether the page offers the client to confirm they are coming: a pending appointment, once its first reminder
 * would ask the same (`leadMinutes` before the start, the longest of REMINDER_LEADS) and before it starts. Right
 * after booking, "confirm" means nothing the booking did not already say; the API still takes it at any time.
 */
export function confirmOffered(a: StatusFacts, now: Date, leadMinutes: number): boolean {
  return canConfirm(a, now) && a.startsAt.getTime() - now.getTime() <= leadMinutes * 60_000;
}

/** "24h,2h" → [1440, 120] minutes, longest first. */
export function parseLeads(raw: string): number[] {
  const unit = { m: 1, h: 60, d: 1440 } as const;
  const leads = raw
    .split(",")
    .map((s) => /^\s*(\d+)([mhd])\s*$/.exec(s))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]) * unit[m[2] as keyof typeof unit])
    .filter((n) => n > 0);
  return [...new Set(leads)].sort((a, b) => b - a);
}

export function canReview(a: StatusFacts & { clientId: number | null; hasReview: boolean }, now: Date): boolean {
  return a.clientId !== null && !a.hasReview && effectiveStatus(a, now) === "completed";
}
