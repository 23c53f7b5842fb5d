import { formatPhoneBr } from "@/lib/contract/common";
import type { TCardRef } from "@/lib/api/clients";
import { dateFormat } from "@/lib/i18n/format";

/** "2026-12-03 10:00" (the shop's wall clock) as the reader's language writes the day, and the time. */
export function localDay(lng: string, local: string, withTime = false): string {
  const day = dateFormat(lng, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${local.slice(0, 10)}T00:00:00Z`));
  return withTime ? `${day}, ${local.slice(11, 16)}` : day;
}

export const shownPhone = (phone: string | null) => (phone ? (phone.includes("*") ? phone : formatPhoneBr(phone)) : null);

/** The clients page's query for a card: a client's account (`cliente=12`), or a guest by one of his bookings (`convidado=34`). */
export const cardQuery = (who: TCardRef) => `${who.guest ? "convidado" : "cliente"}=${who.id}`;
