import { z } from "zod";
import { ZFreeText, ZMoney } from "./common";
import { CATEGORIES } from "./search-constants";

// The rules of what a shop offers and when, written once: the join wizard's first hours and services
// (PUT …/setup), the shop's hours, its services and a barber's own time, duration and price all check with these,
// so each mistake is refused with the same code and words wherever it is made. Each message is a key of
// locales/*/errors.json.

/** A service's or an add-on product's name, as clients see it. */
export const ZServiceName = ZFreeText().min(2).max(80);
/** The grid a service's length, and a booking's end set by hand, sit on: also the shortest length allowed. */
export const DURATION_GRID_MINUTES = 5;
/** A service's duration in minutes, on the 5-minute grid, at most 10 hours. */
export const ZServiceDuration = z
  .number()
  .int()
  .min(DURATION_GRID_MINUTES)
  .max(600)
  .multipleOf(DURATION_GRID_MINUTES, "DURATION_GRID")
  .meta({ description: "on the 5-minute grid" });
/** A price above zero. */
export const ZServicePrice = ZMoney.refine((p) => Number(p) > 0, "PRICE_ZERO").meta({ description: "above zero, e.g. 45.00" });
/** The site's categories, as search filters them. */
export const ZServiceCategory = z.enum(CATEGORIES);

/** The messages of a week's ranges that cannot be: the answer is 422 HOURS_INVALID when only these fail. */
export const HOURS_RULES = ["HOURS_INVERTED", "HOURS_OVERLAP"] as const;
export type THoursRule = (typeof HOURS_RULES)[number];

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The ranges of a week that cannot be, by index: one that ends when or before it starts ("24:00" is not an hour: a
 * day's last range ends by 23:59), and one that starts before the previous range of its weekday ends.
 */
export function weeklyRangeProblems<T extends { weekday: number }>(
  ranges: readonly T[],
  startOf: (r: T) => string,
  endOf: (r: T) => string,
): { index: number; rule: THoursRule }[] {
  const problems: { index: number; rule: THoursRule }[] = [];
  ranges.forEach((r, index) => {
    if (minutes(startOf(r)) >= minutes(endOf(r))) problems.push({ index, rule: "HOURS_INVERTED" });
  });
  const sorted = ranges.map((r, index) => ({ r, index })).sort((x, y) => x.r.weekday - y.r.weekday || minutes(startOf(x.r)) - minutes(startOf(y.r)));
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1];
    const cur = sorted[k];
    if (prev.r.weekday === cur.r.weekday && minutes(startOf(cur.r)) < minutes(endOf(prev.r))) problems.push({ index: cur.index, rule: "HOURS_OVERLAP" });
  }
  return problems;
}

/** Adds an issue at `field.<index>` for each range of `ranges` that cannot be (inside a superRefine). */
export function refineWeek<T extends { weekday: number }>(
  ctx: z.RefinementCtx,
  field: string,
  ranges: readonly T[],
  startOf: (r: T) => string,
  endOf: (r: T) => string,
): void {
  for (const p of weeklyRangeProblems(ranges, startOf, endOf)) ctx.addIssue({ code: "custom", path: [field, p.index], message: p.rule });
}

/** The ranges in the week's order (weekday, then start), as they are stored. */
export function inWeekOrder<T extends { weekday: number }>(ranges: readonly T[], startOf: (r: T) => string): T[] {
  return [...ranges].sort((x, y) => x.weekday - y.weekday || minutes(startOf(x)) - minutes(startOf(y)));
}

/** Two services of one list with the same name (case aside), by index of the second. */
export function repeatedNames(names: readonly string[]): number[] {
  const folded = names.map((n) => n.toLocaleLowerCase("pt-BR"));
  return folded.flatMap((n, i) => (folded.indexOf(n) !== i ? [i] : []));
}
