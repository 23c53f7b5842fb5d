// Formatting read the same on the server (messages) and in the browser (pages).

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * "R$ 45,00" in every language: prices are Brazilian reais, written as they are on the shop's wall
 * and on the receipt (an English reader in Brazil still pays R$ 45,00, not "R$45.00").
 */
export function formatMoney(_lng: string, value: string | number): string {
  return brl.format(Number(value));
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
