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

/** Weekday 0 = Sunday, as in opening_hours. 2024-01-07 was a Sunday. */
export function weekdayName(lng: string, weekday: number): string {
  const name = dateFormat(lng, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 7 + weekday)));
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
