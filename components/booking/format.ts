// Pure helpers of the booking pages (browser and server alike).

/** Masks digits as the Brazilian mobile format while typing: "11912345678" → "(11) 91234-5678". */
export function maskPhoneBr(input: string): string {
  const d = input.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "").slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  if (d.length <= 10) return `(${ddd}) ${rest.slice(0, 4)}-${rest.slice(4)}`;
  return `(${ddd}) ${rest.slice(0, 5)}-${rest.slice(5)}`;
}

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
