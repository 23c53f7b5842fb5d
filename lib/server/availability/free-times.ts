import "server-only";
import { hourToMinutes, minutesToHour, wallClockConverter, weekdayOf } from "./zoned-time";

/** A recurring range of a weekday in wall-clock hours ("HH:MM"), e.g. working hours or lunch. */
export type WeeklyRange = { weekday: number; start: string; end: string };
/** An absolute period: an appointment or a blocked time. */
export type Busy = { startsAt: Date; endsAt: Date };

export type FreeTimesInput = {
  /** The day asked for, in the shop's zone. */
  date: string;
  timeZone: string;
  /** The barber's own hours; when none falls on the day, the shop's hours apply. */
  barberHours: WeeklyRange[];
  shopHours: WeeklyRange[];
  breaks: WeeklyRange[];
  /** Blocked times and the barber's appointments that are not cancelled. */
  busy: Busy[];
  durationMinutes: number;
  stepMinutes: number;
  minNoticeMinutes: number;
  now: Date;
  /** The booking horizon: no start later than this. */
  latestStart?: Date;
};

export type FreeTimes = { morning: string[]; afternoon: string[]; night: string[] };

const MINUTE = 60_000;

/** The working ranges of the day: the barber's, or the shop's when the barber has none that day. */
export function workingRanges(date: string, barberHours: WeeklyRange[], shopHours: WeeklyRange[]): { start: number; end: number }[] {
  const weekday = weekdayOf(date);
  const own = barberHours.filter((h) => h.weekday === weekday);
  const ranges = (own.length > 0 ? own : shopHours.filter((h) => h.weekday === weekday)).map((r) => ({
    start: hourToMinutes(r.start),
    end: hourToMinutes(r.end),
  }));
  return ranges.filter((r) => r.start < r.end).sort((a, b) => a.start - b.start);
}

/**
 * The start times ("HH:MM", local) at which the whole duration fits inside one working range,
 * clear of breaks, blocked times and appointments, and no earlier than now plus the notice.
 * Durations are real elapsed minutes, so a service that crosses a daylight-saving change ends at
 * the wall-clock time the clocks show then. Pure: no clock, no database.
 */
export function computeFreeTimes(input: FreeTimesInput): FreeTimes {
  const { date, timeZone, durationMinutes, stepMinutes } = input;
  const result: FreeTimes = { morning: [], afternoon: [], night: [] };
  if (durationMinutes <= 0 || stepMinutes <= 0) return result;
  const earliest = input.now.getTime() + input.minNoticeMinutes * MINUTE;
  const latest = input.latestStart?.getTime() ?? Infinity;
  const weekday = weekdayOf(date);

  const convert = wallClockConverter(date, timeZone);
  const toInstant = (minutes: number) => convert(minutes)?.getTime() ?? null;
  // Breaks as absolute periods of this day; a wall-clock edge that does not exist is moved forward.
  const blocked: { start: number; end: number }[] = [];
  for (const b of input.breaks.filter((x) => x.weekday === weekday)) {
    const start = firstExisting(toInstant, hourToMinutes(b.start));
    const end = firstExisting(toInstant, hourToMinutes(b.end));
    if (start !== null && end !== null && start < end) blocked.push({ start, end });
  }
  for (const b of input.busy) blocked.push({ start: b.startsAt.getTime(), end: b.endsAt.getTime() });

  const seen = new Set<string>();
  for (const range of workingRanges(date, input.barberHours, input.shopHours)) {
    const rangeEnd = firstExisting(toInstant, range.end);
    if (rangeEnd === null) continue;
    for (let m = range.start; m < range.end; m += stepMinutes) {
      const start = toInstant(m);
      if (start === null) continue; // skipped by the clocks going forward
      const end = start + durationMinutes * MINUTE;
      if (end > rangeEnd || start < earliest || start > latest) continue;
      if (blocked.some((b) => start < b.end && b.start < end)) continue;
      const hour = minutesToHour(m);
      if (seen.has(hour)) continue;
      seen.add(hour);
      result[periodOf(m)].push(hour);
    }
  }
  return result;
}

/** morning before 12:00, afternoon 12:00–18:00, night from 18:00. */
export function periodOf(minutes: number): keyof FreeTimes {
  if (minutes < 12 * 60) return "morning";
  if (minutes < 18 * 60) return "afternoon";
  return "night";
}

function firstExisting(toInstant: (m: number) => number | null, minutes: number): number | null {
  // A wall-clock time inside a spring-forward gap does not exist: the next minute that does stands in.
  for (let m = minutes; m < minutes + 180; m++) {
    const instant = toInstant(m);
    if (instant !== null) return instant;
  }
  return null;
}

export function isOffered(times: FreeTimes, hour: string): boolean {
  return times.morning.includes(hour) || times.afternoon.includes(hour) || times.night.includes(hour);
}
