// A kept page's answer (lib/edge/page-cache.ts), for the two places that send one: proxy.ts, whose answer Next
// compresses again (it drops a proxy answer's Content-Encoding), and server.mjs, which sends the kept gzip
// as it is before Next sees the request (docs/decisions/0023-cached-pages.md). Both send the same headers.
import { type CachedPage, CACHE_STATUS_HEADER, cachedPage, pageTarget } from "./page-cache";
import { detectServerLang, LANG_COOKIE, matchLang } from "@/lib/i18n/settings";
import { apiOrigin, DEFAULT_TILE_URL, hashedContentSecurityPolicy, securityHeaders, tileOrigin } from "./security-headers";

/** A year: a language chosen with ?lng= is remembered in the lng cookie. */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The headers of a kept page's answer: a policy naming its inline scripts' hashes (no nonce: it was rendered once). */
export function keptPageHeaders(page: CachedPage, status: "hit" | "miss"): Headers {
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": hashedContentSecurityPolicy(page.scriptHashes, {
      apiOrigin: apiOrigin(process.env.NEXT_PUBLIC_API_URL),
      tileOrigin: tileOrigin(process.env.MAP_TILE_URL ?? DEFAULT_TILE_URL),
    }),
    // Revalidated on each visit (the language follows the cookie and Accept-Language); unchanged pages answer 304.
    "cache-control": "private, no-cache",
    vary: "Cookie, Accept-Language",
    etag: page.etag,
    [CACHE_STATUS_HEADER]: status,
  });
  if (page.status !== 200) headers.delete("etag");
  return headers;
}

/** The Set-Cookie value that remembers a language chosen with ?lng= (as proxy.ts sets it with Next's cookie API). */
export function langCookie(lng: string): string {
  const expires = new Date(Date.now() + LANG_COOKIE_MAX_AGE * 1000).toUTCString();
  return `${LANG_COOKIE}=${lng}; Path=/; Expires=${expires}; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=lax`;
}

/** The page language of a request (?lng=, the lng cookie, Accept-Language, pt-BR), and whether to remember it. */
export function requestLang(url: URL, headers: Headers): { lng: string; remember: string | undefined } {
  const query = url.searchParams.get("lng");
  const cookie = cookieValue(headers.get("cookie"), LANG_COOKIE);
  const lng = detectServerLang({ query, cookie, acceptLanguage: headers.get("accept-language") });
  return { lng, remember: matchLang(query) && cookie !== lng ? lng : undefined };
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export type CachedPageAnswer = { status: number; headers: [string, string][]; gzip: Uint8Array | null };

/**
 * The answer to a request for a kept page, with its body still gzipped, for a client that takes gzip;
 * null for anything else (Next then answers it, through proxy.ts). Next's own requests (RSC, prefetches)
 * never get one: pageTarget takes only documents (Accept: text/html) without Next's query parameters.
 */
export function cachedPageAnswer(method: string, url: URL, headers: Headers): CachedPageAnswer | null {
  if (headers.has("rsc") || headers.has("next-router-prefetch")) return null;
  if (!(headers.get("accept") ?? "").includes("text/html") || !/\bgzip\b/.test(headers.get("accept-encoding") ?? "")) return null;
  const { lng, remember } = requestLang(url, headers);
  const target = pageTarget(url, method, headers, lng);
  const page = target ? cachedPage(target) : undefined;
  if (!page) return null;
  const fresh = page.status === 200 && headers.get("if-none-match") === page.etag;
  const answer = keptPageHeaders(page, "hit");
  // What next.config.ts adds to every answer Next sends.
  for (const { key, value } of securityHeaders({ production: process.env.NODE_ENV === "production" })) answer.set(key, value);
  answer.set("vary", "Cookie, Accept-Language, Accept-Encoding");
  if (!fresh) {
    answer.set("content-encoding", "gzip");
    answer.set("content-length", String(page.gzip.byteLength));
  }
  const list = [...answer.entries()];
  if (remember) list.push(["set-cookie", langCookie(remember)]);
  return { status: fresh ? 304 : page.status, headers: list, gzip: fresh ? null : page.gzip };
}

/** Where server.mjs finds cachedPageAnswer: set by instrumentation.ts when the server starts (the cache's state is on globalThis too). */
export function installCachedPageAnswer(): void {
  (globalThis as { __navalhaCachedPageAnswer?: typeof cachedPageAnswer }).__navalhaCachedPageAnswer = cachedPageAnswer;
}
