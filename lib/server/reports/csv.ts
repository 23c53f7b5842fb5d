import type { TReport } from "@/lib/contract/reports";
import type { Lang } from "@/lib/i18n/settings";

// The report as a CSV file for a spreadsheet (docs/decisions/0056-reports.md). Excel opens a file by the
// conventions of its language: in Brazil and most Spanish-speaking places the list separator is `;` and the decimal
// mark `,`; in English `,` and `.`. The file follows the reader's language the same way, starts with a UTF-8 BOM so
// that Excel reads the accents, and ends its lines with CRLF (RFC 4180). A cell that a spreadsheet would run as a
// formula (starting with = + - @, a tab or a carriage return) begins with a ' instead: names are the shop's text.

type Translate = (key: string) => string;

export type CsvStyle = { separator: ";" | ","; decimal: "," | "." };

export const csvStyleFor = (lang: Lang): CsvStyle => (lang === "en" ? { separator: ",", decimal: "." } : { separator: ";", decimal: "," });

/** A cell as written: guarded against formulas, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string, separator: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return guarded.includes(separator) || /["\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The report's sections, each a title row, a header row and its rows, a blank line between them. */
export function reportCsv(report: TReport, t: Translate, style: CsvStyle): string {
  const num = (v: string | number) => String(v).replace(".", style.decimal);
  const percent = (r: number | null) => (r === null ? "" : `${num((r * 100).toFixed(1))}%`);
  const rows: string[][] = [
    [t("csv.title")],
    [t("csv.from"), report.from],
    [t("csv.to"), report.to],
    [t("csv.timezone"), report.timezone],
    [],
    [t("csv.totals")],
    [t("csv.revenue"), num(report.totals.revenue)],
    [t("csv.visits"), String(report.totals.visits)],
    [t("csv.bookings"), String(report.totals.bookings)],
    [t("csv.cancelled"), String(report.totals.cancelled)],
    [t("csv.noShows"), String(report.totals.no_shows)],
    [t("csv.started"), String(report.totals.started)],
    [t("csv.noShowRate"), percent(report.totals.no_show_rate)],
    [t("csv.bookedMinutes"), String(report.totals.booked_minutes)],
    [t("csv.openMinutes"), String(report.totals.open_minutes)],
    [t("csv.occupancy"), percent(report.totals.occupancy)],
    [t("csv.newClients"), String(report.totals.new_clients)],
    [t("csv.returningClients"), String(report.totals.returning_clients)],
    [],
    [t("csv.byDay")],
    [t("csv.date"), t("csv.revenue"), t("csv.visits")],
    ...report.days.map((d) => [d.date, num(d.revenue), String(d.visits)]),
    [],
    [t("csv.byBarber")],
    [t("csv.barber"), t("csv.revenue"), t("csv.visits"), t("csv.bookedMinutes"), t("csv.openMinutes"), t("csv.occupancy")],
    ...report.barbers.map((b) => [b.name, num(b.revenue), String(b.visits), String(b.booked_minutes), String(b.open_minutes), percent(b.occupancy)]),
    [],
    [t("csv.byService")],
    [t("csv.service"), t("csv.revenue"), t("csv.visits")],
    ...report.services.map((s) => [s.name, num(s.revenue), String(s.visits)]),
  ];
  return `\uFEFF${rows.map((r) => r.map((c) => csvCell(c, style.separator)).join(style.separator)).join("\r\n")}\r\n`;
}

/** The file's name: the shop and the range, e.g. navalha-relatorio-12-2026-11-01-2026-11-30.csv. */
export const reportFileName = (shopId: number, report: Pick<TReport, "from" | "to">, word: string) =>
  `navalha-${word}-${shopId}-${report.from}-${report.to}.csv`;
