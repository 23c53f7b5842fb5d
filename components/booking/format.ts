// Pure helpers of the booking pages (browser and server alike).

/** The calendar date n days after "YYYY-MM-DD". */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

import { dateFormat } from "@/lib/i18n/format";
export { formatLongDate, formatOr, zoneLabel } from "@/lib/i18n/format";

/**
 * "today" or "tomorrow" when a date ("YYYY-MM-DD", a shop's wall-clock date) is that day where the shop is, so
 * a list reads "Today · 18:00" rather than a date to work out; null for any other day.
 */
export function nearDay(date: string, timeZone: string, now = new Date()): "today" | "tomorrow" | null {
  const today = todayIn(timeZone, now);
  if (today === null) return null;
  if (date === today) return "today";
  return date === addDays(today, 1) ? "tomorrow" : null;
}

/** The date ("YYYY-MM-DD") it is now where the shop is; null for a zone this browser does not know. */
export function todayIn(timeZone: string, now = new Date()): string | null {
  try {
    return dateFormat("en-CA", { timeZone }).format(now);
  } catch {
    return null;
  }
}

export function sumMoney(values: { price: string; quantity?: number }[]): number {
  return values.reduce((sum, v) => sum + Math.round(Number(v.price) * 100) * (v.quantity ?? 1), 0) / 100;
}
