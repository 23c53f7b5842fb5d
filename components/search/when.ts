// "When" on the home page and the list (decision 0022): a day from a strip and a time window. Pure
// helpers, shared by the server-rendered list and the home page's client component.
import { addDays } from "@/components/booking/format";
import { dateFormat } from "@/lib/i18n/format";
import { PERIOD_HOURS, PERIODS, type TPeriod } from "@/lib/contract/search-constants";

/** Days the strip offers, today included. */
export const STRIP_DAYS = 14;

/**
 * A window's `after` and `before` for the lists (shop-local HH:MM): the periods' own hours; the
 * night has no end (a free time up to midnight).
 */
export function windowRange(w: TPeriod): { after: string; before?: string } {
  const { start, end } = PERIOD_HOURS[w];
  return end === "24:00" ? { after: start } : { after: start, before: end };
}

/** The window that `after` and `before` are exactly, if any. */
export function windowOf(after?: string, before?: string): TPeriod | undefined {
  return PERIODS.find((w) => {
    const r = windowRange(w);
    return r.after === after && r.before === before;
  });
}

/** Today in Brazil's zone (the shops' own zones decide their times). */
export function todayInBrazil(now = new Date()): string {
  return dateFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
}

/** Today and the next days, as YYYY-MM-DD. */
export function nextDays(n: number, now = new Date()): string[] {
  const today = todayInBrazil(now);
  return Array.from({ length: n }, (_, i) => addDays(today, i));
}

type T = (key: string, vars?: Record<string, unknown>) => string;

/** A day of the strip, labelled (dayLabel). */
export type StripDay = { date: string; top: string; day: string; long: string };

/**
 * The strip's days, labelled where the page renders: on the server, so that the browser makes no Intl
 * formatter as the page opens (the first costs ~80 ms of main-thread work at Lighthouse's mobile slowdown,
 * decision 0023). A kept page lasts until the next quarter hour (lib/edge/page-cache.ts), and Brazil's midnight is
 * one, so a kept strip never names yesterday "today".
 */
export function stripDays(t: T, lng: string, now = new Date()): StripDay[] {
  return nextDays(STRIP_DAYS, now).map((date) => ({ date, ...dayLabel(date, t, lng, now) }));
}

/**
 * A day of the strip: its first line ("Today", "Tomorrow", else the short weekday), the day of the
 * month below it, and the long date for screen readers and titles, in the page's language.
 */
export function dayLabel(date: string, t: T, lng: string, now = new Date()): { top: string; day: string; long: string } {
  const today = todayInBrazil(now);
  const at = new Date(`${date}T12:00:00Z`);
  const long = dateFormat(lng, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(at);
  const day = String(at.getUTCDate());
  if (date === today) return { top: t("filters.today"), day, long };
  if (date === addDays(today, 1)) return { top: t("filters.tomorrow"), day, long };
  return { top: dateFormat(lng, { weekday: "short", timeZone: "UTC" }).format(at), day, long };
}
