// Formatting read the same on the server (messages) and in the browser (pages).

// Intl's formatters are made once per language and options, on first use: making one costs far more than
// using it (the first one of a page loads the language's data: about 75 ms of main-thread work at Lighthouse's
// mobile slowdown, decision 0033), and a page that imports this module without showing a price or a date should
// not pay it at all. The keys are the few option sets in the code, times the three languages and the shops'
// time zones (Intl refuses an unknown one before it is kept).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `new Intl.DateTimeFormat(lng, options)`, made once. */
export function dateFormat(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lng}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(lng, options)));
  return format;
}

/** `new Intl.NumberFormat(lng, options)`, made once. */
export function numberFormat(lng: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lng}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(lng, options)));
  return format;
}

const listFormats = new Map<string, Intl.ListFormat>();

/** "de manhã ou à noite", "in the morning or at night": alternatives joined as the language joins them. */
export function formatOr(lng: string, items: readonly string[]): string {
  let format = listFormats.get(lng);
  if (!format) listFormats.set(lng, (format = new Intl.ListFormat(lng, { type: "disjunction" })));
  return format.format(items);
}

/**
 * Brazilian reais as the page's language writes numbers: "R$ 45,00" in Portuguese and Spanish, "R$45.00" in
 * English (as Intl's en format, beside the page's "★ 3.7"; decision 0051). Written out here, the same text as
 * Intl's currency format for the language (format.test.ts compares them): a price is often the only thing a
 * page formats in the browser as it opens (the booking page's services), and Intl's first formatter costs that
 * page about 80 ms of main-thread work at Lighthouse's mobile slowdown (decision 0033).
 */
export function formatMoney(lng: string, value: string | number): string {
  const english = lng.startsWith("en");
  const cents = Math.round(Number(value) * 100);
  if (!Number.isSafeInteger(cents)) return numberFormat(english ? "en" : "pt-BR", { style: "currency", currency: "BRL" }).format(Number(value));
  const abs = Math.abs(cents);
  const [group, decimal, space] = english ? [",", ".", ""] : [".", ",", "\u00a0"];
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${cents < 0 ? "-" : ""}R$${space}${whole}${decimal}${String(abs % 100).padStart(2, "0")}`;
}

/** "2026-11-23" → "Monday, 23 November 2026" in the reader's language (a calendar date: no zone shift). */
export function formatLongDate(
  lng: string,
  date: string,
  options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long", year: "numeric" },
): string {
  const [y, m, d] = date.split("-").map(Number);
  return dateFormat(lng, { ...options, timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * The zone's name as a person reads it, e.g. "Brasilia Standard Time, UTC-03:00": no brackets of its own, so a
 * text that puts it in brackets ("10:00 (…)") never nests them.
 */
export function zoneLabel(lng: string, timeZone: string, isoWithOffset: string): string {
  const at = new Date(isoWithOffset);
  const name =
    dateFormat(lng, { timeZone, timeZoneName: "long" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  const offset = /([+-]\d{2}:\d{2})$/.exec(isoWithOffset)?.[1];
  return offset ? `${name}, UTC${offset}` : name;
}
