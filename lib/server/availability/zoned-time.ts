import "server-only";

// Wall-clock ↔ instant conversion with Intl only. A wall-clock time is a date ("YYYY-MM-DD")
// plus minutes since local midnight in an IANA zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type WallClock = { date: string; minutes: number };

/** The local date and minute of the day of an instant in a zone. */
export function toWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Offset of the zone at an instant, in minutes east of UTC (São Paulo: -180). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

function utcOfWall(date: string, minutes: number): number {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d, 0, minutes);
}

/**
 * The instant at which the zone's clocks show that wall-clock time. Null when the time does not
 * exist (skipped by a daylight-saving change); the earlier instant when it happens twice.
 * Minutes may run past 24 h (the next day's times).
 */
export function fromWallClock(date: string, minutes: number, timeZone: string): Date | null {
  const guess = utcOfWall(date, minutes);
  const offsets = new Set([-12, 0, 12].map((h) => offsetMinutes(new Date(guess + h * 3_600_000), timeZone)));
  const target = toWallClock(new Date(guess), "UTC");
  let best: number | null = null;
  for (const off of offsets) {
    const candidate = guess - off * 60_000;
    const wall = toWallClock(new Date(candidate), timeZone);
    if (wall.date === target.date && wall.minutes === target.minutes && (best === null || candidate < best)) best = candidate;
  }
  return best === null ? null : new Date(best);
}

/**
 * fromWallClock for many times of one day. When the zone keeps one offset from well before the
 * day to well after it (no clock change), each time is one subtraction instead of several
 * Intl calls; on a day the clocks change it defers to fromWallClock.
 */
export function wallClockConverter(date: string, timeZone: string): (minutes: number) => Date | null {
  const midnight = utcOfWall(date, 0);
  const before = offsetMinutes(new Date(midnight - 16 * 3_600_000), timeZone);
  const after = offsetMinutes(new Date(midnight + 40 * 3_600_000), timeZone);
  if (before !== after) return (minutes) => fromWallClock(date, minutes, timeZone);
  return (minutes) => new Date(midnight + (minutes - before) * 60_000);
}

/** The weekday (0 = Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(utcOfWall(date, 0)).getUTCDay();
}

/** The calendar date n days after a date. */
export function addDays(date: string, n: number): string {
  return new Date(utcOfWall(date, 0) + n * 86_400_000).toISOString().slice(0, 10);
}

export function hourToMinutes(hour: string): number {
  const [h, m] = hour.split(":").map(Number);
  return h * 60 + m;
}

export function minutesToHour(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

function formatOffset(off: number): string {
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** ISO 8601 with the zone's offset at that instant, e.g. "2026-11-23T14:00:00-03:00". */
export function toZonedIso(instant: Date, timeZone: string): string {
  const wall = toWallClock(instant, timeZone);
  return `${wall.date}T${minutesToHour(wall.minutes)}:00${formatOffset(offsetMinutes(instant, timeZone))}`;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}
