// Languages and namespaces, shared by the server, the browser and the proxy (no Node APIs here).
import { trimPasted } from "@/lib/text/pasted-link";

export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const FALLBACK_LANG: Lang = "pt-BR";
export const LANG_COOKIE = "lng";
export const LANG_HEADER = "x-i18next-current-language";
export const LANG_STORAGE_KEY = "i18nextLng";
export const NAMESPACES = [
  "common",
  "errors",
  "legal",
  "search",
  "shop",
  "share",
  "booking",
  "account",
  "code-delivery",
  "console",
  "team",
  "catalogue",
  "hours",
  "agenda",
  "alerts",
  "reports",
  "reviews",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Matches a language code ("en-US", "es", "pt") to a supported language, or undefined. A shared link's
 * `?lng=en` may come pasted with the message's punctuation ("?lng=en)."), which is dropped.
 */
export function matchLang(code: string | null | undefined): Lang | undefined {
  if (!code) return undefined;
  const lower = trimPasted(code.trim()).toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0];
  if (base === "pt") return "pt-BR";
  return LANGUAGES.find((l) => l.toLowerCase() === base);
}

/** The first supported language of an Accept-Language header, by quality. */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((x) => x.tag && x.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { tag } of ranked) {
    const lang = matchLang(tag);
    if (lang) return lang;
  }
  return undefined;
}

/** Server-side order: ?lng=, then the lng cookie, then Accept-Language, then pt-BR. */
export function detectServerLang(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Lang {
  return matchLang(input.query) ?? matchLang(input.cookie) ?? langFromAcceptLanguage(input.acceptLanguage) ?? FALLBACK_LANG;
}

/** Browser order: ?lng=, cookie, local storage, the browser's languages, then the html tag. */
export function detectBrowserLang(input: {
  query?: string | null;
  cookie?: string | null;
  storage?: string | null;
  navigator?: readonly string[];
  htmlTag?: string | null;
}): Lang {
  return (
    matchLang(input.query) ??
    matchLang(input.cookie) ??
    matchLang(input.storage) ??
    (input.navigator ?? []).map(matchLang).find(Boolean) ??
    matchLang(input.htmlTag) ??
    FALLBACK_LANG
  );
}

/** Request header set by proxy.ts: the page's path (the root layout's metadata names the page's URLs with it). */
export const PATH_HEADER = "x-page-path";

/** A page's URL (a path, or a whole address) in a language: pt-BR (the default) without ?lng=, the others with it. */
export function inLanguage(path: string, lng: string): string {
  if (lng !== "en" && lng !== "es") return path;
  return `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;
}
