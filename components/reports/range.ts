import { addDays } from "@/components/agenda/time";

// The report's ranges, as the shop's local days ("YYYY-MM-DD"): the presets start from the shop's today.

export type Range = { from: string; to: string };
export const PRESETS = ["thisWeek", "thisMonth", "last30"] as const;
export type Preset = (typeof PRESETS)[number];

/** Monday to Sunday of today's week; the 1st to the last day of today's month; the 30 days that end today. */
export function presetRange(preset: Preset, today: string): Range {
  if (preset === "thisWeek") {
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    const monday = addDays(today, -((weekday + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  if (preset === "thisMonth") {
    const first = `${today.slice(0, 8)}01`;
    const next = new Date(`${first}T12:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    return { from: first, to: addDays(next.toISOString().slice(0, 10), -1) };
  }
  return { from: addDays(today, -29), to: today };
}

/** The preset a range is, if any. */
export const presetOf = (range: Range, today: string): Preset | null =>
  PRESETS.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
