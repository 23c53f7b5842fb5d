import { type NextRequest, NextResponse } from "next/server";
import { LANG_COOKIE, LANG_HEADER } from "@/lib/i18n/settings";
import { isDatabaseReachable } from "@/lib/edge/db-health";
import { PATH_HEADER } from "@/lib/i18n/settings";
import {
  cityListPage,
  cityListPages,
  NOT_FOUND_HEADER,
  NOT_FOUND_PATH,
  pageCount,
  pageExists,
  pageOfPath,
  renamedPagePath,
  tidyPagePath,
} from "@/lib/edge/page-lookup";
import { keptPageHeaders, LANG_COOKIE_MAX_AGE, requestLang } from "@/lib/edge/cached-page-answer";
import { type CachedPage, cachedPage, pageBody, pageTarget, RENDER_HEADER, renderPage } from "@/lib/edge/page-cache";
import { apiOrigin, contentSecurityPolicy, DEFAULT_TILE_URL, tileOrigin } from "@/lib/edge/security-headers";
import { pageNeedsDatabase, unavailablePage } from "@/lib/edge/unavailable-page";
import { decodesAsText } from "@/lib/text/url-segment";

// Resolves the page language (?lng=, then the lng cookie, then Accept-Language, then pt-BR)
// and hands it to server components in a request header. A ?lng= choice is remembered.
// It also gives each page a Content Security Policy with a fresh nonce, and answers 503 for pages
// that need the database while it cannot be reached (a page's own render can only answer 500).
export async function proxy(req: NextRequest): Promise<NextResponse | Response> {
  const { lng, remember } = requestLang(req.nextUrl, req.headers);
  // Shop, city and home pages come from the cache when it holds them (lib/edge/page-cache.ts).
  // A path that does not decode (a link cut off mid-character, "/cidade/%E0") matches no page: Next's router
  // would answer a bare 500 for a city or a preview card; it gets the not-found page instead.
  const malformed = !decodesAsText(req.nextUrl.pathname);
  const target = malformed ? null : pageTarget(req.nextUrl, req.method, req.headers, lng);
  const kept = target ? cachedPage(target) : undefined;
  if (kept) return cachedAnswer(req, kept, "hit", remember);
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV !== "production",
    apiOrigin: apiOrigin(process.env.NEXT_PUBLIC_API_URL),
    tileOrigin: tileOrigin(process.env.MAP_TILE_URL ?? DEFAULT_TILE_URL),
  });
  if (pageNeedsDatabase(req.nextUrl.pathname) && !(await isDatabaseReachable())) {
    const page = unavailablePage(lng, nonce, `${req.nextUrl.pathname}${req.nextUrl.search}`);
    page.headers.set("content-security-policy", csp);
    return page;
  }
  // A shop's or city's link typed with capitals, or with a message's punctuation stuck to it, goes to its page
  // (slugs are lower case and end in a letter or digit), its query kept.
  const tidy = malformed ? null : await tidyPagePath(req.nextUrl.pathname);
  if (tidy) {
    const to = req.nextUrl.clone();
    to.pathname = tidy;
    return NextResponse.redirect(to, 308);
  }
  const headers = new Headers(req.headers);
  headers.set(LANG_HEADER, lng);
  // An unknown shop (or its booking page) or city is shown the not-found page with its HTML, in the page's language.
  const unknown = malformed ? "path" : await unknownPage(req.nextUrl);
  // A renamed shop's old link (shared before) goes to its page under the slug it has now, its query kept. Permanent
  // for search engines; a browser keeps it an hour only, in case the shop takes its old name back.
  const renamed = unknown === "shop" ? await renamedPagePath(req.nextUrl.pathname) : null;
  if (renamed) {
    const to = req.nextUrl.clone();
    to.pathname = renamed;
    const moved = NextResponse.redirect(to, 308);
    moved.headers.set("cache-control", "public, max-age=3600");
    return moved;
  }
  if (unknown) headers.set(NOT_FOUND_HEADER, unknown);
  if (target && !unknown) {
    const page = await renderPage(target, () => renderForCache(target.path + target.search, lng)).catch(() => null);
    if (page) return cachedAnswer(req, page, "miss", remember);
  }
  // The page's path, for the root layout's canonical URL, hreflang and og:url (a layout is not told its page).
  // The not-found page that an unknown shop's or city's URL is rewritten to comes through here a second time:
  // it keeps the path asked for (app/not-found.tsx names a closed shop from it), not its own internal one.
  if (req.nextUrl.pathname !== NOT_FOUND_PATH || !req.headers.has(PATH_HEADER)) headers.set(PATH_HEADER, req.nextUrl.pathname);
  // Next reads the nonce from the request's CSP header and puts it on its own scripts; a page rendered
  // to be kept gets none (its cached answer names its inline scripts' hashes instead).
  if (!req.headers.has(RENDER_HEADER)) headers.set("content-security-policy", csp);
  const res = unknown
    ? NextResponse.rewrite(new URL(`${NOT_FOUND_PATH}${req.nextUrl.search}`, req.url), { request: { headers } })
    : NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  if (remember) rememberLang(res, remember);
  return res;
}

/**
 * "shop" or "city" when the URL names one that does not exist, "path" for a city's page past its last; null
 * when it exists or cannot be told.
 */
async function unknownPage(url: URL): Promise<"shop" | "city" | "path" | null> {
  const page = pageOfPath(url.pathname);
  if (page?.kind === "shop" && (await pageExists("shop", page.segment)) === false) return "shop";
  if (page?.kind !== "city") return null;
  const count = await pageCount("city", page.segment);
  if (count === 0) return "city";
  if (count !== undefined && cityListPage(url.searchParams.get("page")) > cityListPages(count)) return "path";
  return null;
}

function rememberLang(res: NextResponse, lng: string): void {
  res.cookies.set(LANG_COOKIE, lng, { path: "/", maxAge: LANG_COOKIE_MAX_AGE, sameSite: "lax" });
}

/** This server's own answer for a page to keep: rendered as for a visitor of that language, with no one's cookies. */
function renderForCache(pathAndSearch: string, lng: string): Promise<Response> {
  const origin = process.env.__NEXT_PRIVATE_ORIGIN || `http://127.0.0.1:${process.env.PORT || 3000}`;
  const headers = { accept: "text/html", cookie: `${LANG_COOKIE}=${lng}`, [RENDER_HEADER]: "1" };
  return fetch(new URL(pathAndSearch, origin), { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
}

/** A kept page (lib/edge/cached-page-answer.ts names its headers). */
function cachedAnswer(req: NextRequest, page: CachedPage, status: "hit" | "miss", remember: string | undefined): NextResponse {
  const headers = keptPageHeaders(page, status);
  const fresh = page.status === 200 && req.headers.get("if-none-match") === page.etag;
  // Next drops a proxy answer's Content-Encoding and compresses the body itself: it gets the HTML. (server.mjs
  // sends the kept gzip itself to a client that takes it, before Next sees the request.)
  const res = new NextResponse(fresh ? null : pageBody(page), { status: fresh ? 304 : page.status, headers });
  if (remember) rememberLang(res, remember);
  return res;
}

export const config = {
  matcher: [
    // Every page, dots in its path or not (/barbearia/x.y): not the API (it reads Accept-Language and
    // answers JSON), Next's assets, public/ files, uploads, or the robots and sitemap files.
    "/((?!v3/|v3$|_next/|demo/|uploads/|favicon\\.|icons/|manifest\\.webmanifest$|painel\\.webmanifest$|sw\\.js$|robots\\.txt$|sitemap\\.xml$|sitemap/).*)",
    // Those too when a browser opens one as a document (Accept: text/html): a file that is not there is
    // Next's not-found page, which gets its policy and nonce like any page. Scripts, styles and images load
    // with other Accept headers and still skip the proxy.
    { source: "/((?!v3/|v3$).*)", has: [{ type: "header", key: "accept", value: ".*text/html.*" }] },
  ],
};
