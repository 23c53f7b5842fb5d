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

export { formatLongDate, zoneLabel } from "@/lib/i18n/format";

export function sumMoney(values: { price: string; quantity?: number }[]): number {
  return values.reduce((sum, v) => sum + Math.round(Number(v.price) * 100) * (v.quantity ?? 1), 0) / 100;
}
