// Opening hours, lunch breaks and São Paulo wall-clock time (fixed −03:00) for the demo shops.
import type { Rng } from "./random";
import { pad2 } from "./shop-profile";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Brazil has had no daylight-saving time since 2019: São Paulo is always UTC−03:00. */
const SP_OFFSET_MS = 3 * HOUR;

/** Minutes since midnight, [start, end). */
export type Range = [number, number];
/** Ranges per weekday, 0 = Sunday. */
export type WeekHours = Range[][];

const hm = (h: number, m = 0) => h * 60 + m;
export const toTime = (minutes: number) => `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

function week(spec: Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, Range[]>>): WeekHours {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => spec[d as 0] ?? []);
}
const days = (from: number, to: number, ranges: Range[]) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [from + i, ranges])) as Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, Range[]>>;

/** Opening-hour patterns seen in real barbershops, with their share. */
export function shopHoursFor(rng: Rng): { kind: string; hours: WeekHours } {
  const kind = rng.weighted([
    ["classic", 30],
    ["tue-sat", 18],
    ["lunch", 15],
    ["late", 17],
    ["sunday", 10],
    ["long", 10],
  ] as const);
  switch (kind) {
    case "classic": {
      const open = rng.pick([hm(8), hm(9), hm(9), hm(10)]);
      const close = rng.pick([hm(18), hm(19), hm(19), hm(20)]);
      return { kind, hours: week({ ...days(1, 5, [[open, close]]), 6: [[hm(8), rng.pick([hm(13), hm(14), hm(16)])]] }) };
    }
    case "tue-sat":
      return { kind, hours: week({ ...days(2, 5, [[hm(9), hm(20)]]), 6: [[hm(8), hm(18)]] }) };
    case "lunch":
      return {
        kind,
        hours: week({
          ...days(1, 5, [
            [hm(9), hm(12)],
            [hm(13), hm(20)],
          ]),
          6: [[hm(9), hm(13)]],
        }),
      };
    case "late": {
      const open = rng.pick([hm(10), hm(11), hm(13)]);
      return { kind, hours: week({ ...days(1, 5, [[open, hm(22)]]), 6: [[hm(10), hm(20)]] }) };
    }
    case "sunday":
      return { kind, hours: week({ ...days(1, 6, [[hm(9), hm(20)]]), 0: [[hm(9), hm(14)]] }) };
    case "long":
    default:
      return {
        kind: "long",
        hours: week({ ...days(1, 6, [[hm(8), hm(21)]]), ...(rng.chance(0.5) ? { 0: [[hm(10), hm(16)]] as Range[] } : {}) }),
      };
  }
}

/** A barber's own hours: the shop's, starting later or finishing earlier every day the shop opens. */
export function ownHoursFor(rng: Rng, shop: WeekHours): WeekHours {
  const late = rng.chance(0.6);
  return shop.map((ranges) => {
    if (ranges.length === 0) return [];
    const copy = ranges.map((r) => [...r] as Range);
    if (late) {
      const first = copy[0];
      const len = first[1] - first[0];
      first[0] += len >= 300 ? 120 : len >= 180 ? 60 : 0;
    } else {
      const last = copy[copy.length - 1];
      const len = last[1] - last[0];
      last[1] -= len >= 300 ? 120 : len >= 180 ? 60 : 0;
    }
    return copy;
  });
}

/** Lunch 12:00–13:00 on the weekdays where the barber works through it. */
export function lunchBreaks(hours: WeekHours): WeekHours {
  return hours.map((ranges, d) => (d >= 1 && d <= 5 && ranges.some(([a, b]) => a <= hm(12) && b >= hm(13)) ? [[hm(12), hm(13)] as Range] : []));
}

export function subtract(ranges: Range[], cuts: Range[]): Range[] {
  let out = ranges.map((r) => [...r] as Range);
  for (const [c0, c1] of cuts) {
    out = out.flatMap(([a, b]): Range[] => {
      if (c1 <= a || c0 >= b) return [[a, b]];
      const parts: Range[] = [];
      if (c0 > a) parts.push([a, c0]);
      if (c1 < b) parts.push([c1, b]);
      return parts;
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Local time (America/Sao_Paulo, fixed −03:00)
// ---------------------------------------------------------------------------------------------

/** Days since 1970-01-01 of the São Paulo calendar day that contains `instant`. */
export const spDayNumber = (instant: Date) => Math.floor((instant.getTime() - SP_OFFSET_MS) / DAY);
/** 0 = Sunday. */
export const weekdayOfDay = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;
/** The instant of a wall-clock time in São Paulo. */
export const spInstant = (dayNumber: number, minutes: number) => new Date(dayNumber * DAY + SP_OFFSET_MS + minutes * MINUTE);

/** Keeps one barber's appointments apart and finds slots that fit. */
export class BarberAgenda {
  private readonly booked: [number, number][] = [];
  constructor(
    /** Working ranges per weekday minus breaks. */
    readonly available: WeekHours,
    readonly step: number,
  ) {}

  /** Start minutes on the day at which `duration` fits and does not overlap a booking. */
  candidates(dayNumber: number, duration: number, fromMinutes = 0): number[] {
    const out: number[] = [];
    for (const [a, b] of this.available[weekdayOfDay(dayNumber)]) {
      for (let m = a; m + duration <= b; m += this.step) {
        if (m < fromMinutes) continue;
        const start = spInstant(dayNumber, m).getTime();
        const end = start + duration * MINUTE;
        if (!this.booked.some(([s0, e0]) => start < e0 && s0 < end)) out.push(m);
      }
    }
    return out;
  }

  book(dayNumber: number, minutes: number, duration: number): { startsAt: Date; endsAt: Date } {
    const startsAt = spInstant(dayNumber, minutes);
    const endsAt = new Date(startsAt.getTime() + duration * MINUTE);
    this.booked.push([startsAt.getTime(), endsAt.getTime()]);
    return { startsAt, endsAt };
  }

  get size() {
    return this.booked.length;
  }
}
