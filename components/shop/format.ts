// Formatting shared by server and client components: money, distance, ratings, weekdays.

import { dateFormat, formatMoney, numberFormat } from "@/lib/i18n/format";

export { formatMoney };

export function formatPriceRange(lng: string, from: string | null, to: string | null): string | null {
  if (from == null) return null;
  if (to == null || Number(to) === Number(from)) return formatMoney(lng, from);
  return `${formatMoney(lng, from)} – ${formatMoney(lng, to)}`;
}

/** 0.35 → "350 m", 2.4 → "2,4 km" (pt-BR), with a no-break space: a line never ends between a number and its unit. */
export function formatDistance(lng: string, km: number): string {
  if (km < 1) return `${numberFormat(lng, { maximumFractionDigits: 0 }).format(Math.round((km * 1000) / 10) * 10)}\u00a0m`;
  return `${numberFormat(lng, { maximumFractionDigits: 1 }).format(km)}\u00a0km`;
}

export function formatRating(lng: string, rating: number): string {
  return numberFormat(lng, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

/** A weekday as a sentence says it ("segunda-feira", "lunes", "Monday"; short: "seg.", "lun", "Mon"). 0 = Sunday, as in opening_hours; 2024-01-07 was one. */
export function weekdayWord(lng: string, weekday: number, width: "long" | "short" = "long"): string {
  return dateFormat(lng, { weekday: width, timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + weekday)));
}

/** A weekday as a heading ("Segunda-feira"). */
export function weekdayName(lng: string, weekday: number): string {
  const name = weekdayWord(lng, weekday);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function formatDate(lng: string, iso: string): string {
  return dateFormat(lng, { day: "numeric", month: "short", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date(iso));
}

/** Today's weekday in a time zone (0 = Sunday). */
export function weekdayIn(timeZone: string, now = new Date()): number {
  const short = dateFormat("en-US", { weekday: "short", timeZone }).format(now);
  return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(short);
}

export function formatDuration(minutes: number): string {
  // A number never ends a line apart from its unit ("40" / "min" on a 320 px phone): no-break spaces.
  if (minutes < 60) return `${minutes}\u00a0min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}\u00a0h ${m}\u00a0min` : `${h}\u00a0h`;
}

/**
 * The day of a free time (ISO with the shop's offset), read where the shop is: "today", "tomorrow", or a short
 * date in the language ("sex., 28/11").
 */
export function freeTimeDay(lng: string, startsAt: string, now = Date.now()): "today" | "tomorrow" | string {
  const date = startsAt.slice(0, 10);
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(startsAt);
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const today = new Date(now + minutes * 60_000).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (date === today) return "today";
  if (date === tomorrow) return "tomorrow";
  return dateFormat(lng, { weekday: "short", day: "2-digit", month: "2-digit", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** The booking at a free time of the lists or the shop page: its service, barber (or any), day and time chosen. */
export function freeTimeHref(slug: string, f: { starts_at: string; barber_id: number | null; service_id: number }): string {
  const query = new URLSearchParams({
    service: String(f.service_id),
    barber: f.barber_id ? String(f.barber_id) : "any",
    date: f.starts_at.slice(0, 10),
    time: f.starts_at.slice(11, 16),
  });
  return `/barbearia/${slug}/agendar?${query.toString()}`;
}
