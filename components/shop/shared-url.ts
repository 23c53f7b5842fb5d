// The link a visitor shares for a page (the shop's share button, the booking's "Share").
import { inLanguage } from "@/lib/i18n/settings";

/**
 * The link to share for the page at `href`, shown in `lng`: its address and language only (pt-BR, the
 * default, without ?lng=; a language chosen by cookie is kept too). Not what else the address bar holds:
 * the tags an app added on the way in (fbclid, igsh, utm_*), which would pass for the sharer's own, nor a
 * state of the page such as how many reviews it shows.
 */
export function sharedUrl(href: string, lng: string): string {
  const url = new URL(href);
  return `${url.origin}${inLanguage(url.pathname, lng)}`;
}
