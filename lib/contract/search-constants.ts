// The search constants without zod, so that client components can import them cheaply.

/**
 * Largest search radius in km. Beyond a metropolitan area a distance filter stops being useful,
 * and it bounds the rows the earth_box index scan may return for the rating and price sorts.
 */
export const MAX_DISTANCE_KM = 50;
/** Default radius of the location lists and of the by-name list (product spec). */
export const DEFAULT_LOCATION_DISTANCE_KM = 0.5;
export const DEFAULT_NAME_DISTANCE_KM = 5;
/** `total` counts matches up to this many: enough for paging, bounded in cost. */
export const TOTAL_CAP = 2000;
export const PAGE_SIZE = 20;

export const SORTS = ["distance", "rating", "price", "earliest"] as const;
/** How far ahead the lists' "when" may look, in days from today. */
export const WHEN_MAX_DAYS = 31;
export const PERIODS = ["morning", "afternoon", "night"] as const;
export const CATEGORIES = ["hair", "beard", "combo", "care", "color"] as const;
export type TSort = (typeof SORTS)[number];
export type TPeriod = (typeof PERIODS)[number];
export type TCategory = (typeof CATEGORIES)[number];

/** Periods as kept and sent: known ones only, once each, in the day's order. */
export const asPeriods = (periods: readonly string[]): TPeriod[] => PERIODS.filter((p) => periods.includes(p));

/**
 * Local hours of each period: open at some time in [start, end) today, in the shop's zone. The lists test
 * a bit of barbershops.open_periods that shop_open_periods() (migration 0004) computes with these same
 * hours; tests/api/open-periods.db.test.ts checks that the two agree.
 */
export const PERIOD_HOURS: Record<TPeriod, { start: string; end: string }> = {
  morning: { start: "06:00", end: "12:00" },
  afternoon: { start: "12:00", end: "18:00" },
  night: { start: "18:00", end: "24:00" },
};
