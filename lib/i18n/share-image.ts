import { LANGUAGES, type Lang } from "./settings";

// Link previews (opengraph-image.tsx files) are made in each language, under ids of their own: a shared
// English or Spanish page previews in its language (WhatsApp and Facebook read the page's og:image and
// keep no language of their own). Portuguese, the default, keeps the bare name ("card", "site"); the others
// add theirs ("card-en", "site-es"). Each page names the card of its language (shareImage).

export const SHARE_SIZE = { width: 1200, height: 630 };

export const SHARE_LANGS = LANGUAGES;

export function shareImageId(name: string, lng: string): string {
  return lng === "en" || lng === "es" ? `${name}-${lng}` : name;
}

/** The language of a preview card's id (anything unknown is Portuguese). */
export function shareImageLang(id: string): Lang {
  return id.endsWith("-en") ? "en" : id.endsWith("-es") ? "es" : "pt-BR";
}

/** The site's card (app/share/opengraph-image.tsx) in a page's language: home, footer pages, and every page without a card of its own. */
export function siteShareImage(lng: string, alt: string) {
  return shareImage("/share", "site", lng, alt);
}

/** og:image (and twitter:image) for a page: the card `name` of the segment at `segmentPath`, in the page's language. */
export function shareImage(segmentPath: string, name: string, lng: string, alt: string) {
  return { url: `${segmentPath}/opengraph-image/${shareImageId(name, lng)}`, ...SHARE_SIZE, alt, type: "image/png" };
}
