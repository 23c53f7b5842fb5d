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

/** "2026-11-23" → "Monday, 23 November 2026" in the reader's language (a calendar date: no zone shift). */
export function formatLongDate(lng: string, date: string, options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric" }): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(lng, { ...options, timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The zone's name as a person reads it, e.g. "Brasília Standard Time (UTC-03:00)". */
export function zoneLabel(lng: string, timeZone: string, isoWithOffset: string): string {
  const at = new Date(isoWithOffset);
  const name = new Intl.DateTimeFormat(lng, { timeZone, timeZoneName: "long" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  const offset = /([+-]\d{2}:\d{2})$/.exec(isoWithOffset)?.[1];
  return offset ? `${name} (UTC${offset})` : name;
}

export function sumMoney(values: { price: string; quantity?: number }[]): number {
  return values.reduce((sum, v) => sum + Math.round(Number(v.price) * 100) * (v.quantity ?? 1), 0) / 100;
}
