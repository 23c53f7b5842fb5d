// Shop, city and home pages served from a cache (docs/decisions/0023-cached-pages.md).
//
// proxy.ts looks a page up here by path and language. On a miss it asks this same server for the page
// (a request marked with RENDER_HEADER, which the proxy lets through to Next's render without a nonce), keeps
// the HTML with the SHA-256 of each of its inline scripts, and answers with a Content Security Policy
// naming those hashes: the strict policy of a per-request nonce, for a page rendered once. A page is
// dropped when what it shows changes (lib/server/shops/page-cache-sync.ts polls the tags that database
// triggers raise: "shop:<slug>", "city:<city slug>"; home goes with any city) and at the next quarter
// hour ("open now" badges and today's hours follow the clock: keepFor).
//
// Like lib/edge/page-lookup.ts, the state lives on globalThis: the proxy and the server's instrumentation are
// bundled apart but run in one Node process (the proxy runs on Node's runtime). No server imports.
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";

export type PageTarget = { key: string; tags: string[]; path: string; search: string };
/** The page's HTML kept gzipped: about a sixth of its size, so six times the pages in PAGE_CACHE_MB. */
export type CachedPage = { status: 200 | 404; gzip: Uint8Array<ArrayBuffer>; etag: string; tags: string[]; scriptHashes: string[] };

/** Marks the proxy's own request for a page it will keep: it is rendered, never answered from the cache. */
export const RENDER_HEADER = "x-navalha-page-render";
/** On every page the cache answers or filled: "hit" or "miss". */
export const CACHE_STATUS_HEADER = "x-page-cache";

const env = (name: string): string | undefined => (typeof process === "undefined" ? undefined : process.env[name]);
const numberEnv = (name: string, fallback: number): number => {
  const v = Number(env(name));
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

/**
 * Pages also follow the clock ("open now" badges, today's hours): a page is kept until the next quarter
 * hour (UTC; Brazil's offsets are whole hours), when shops on the quarter-hour grid open and close, and
 * never longer than PAGE_TTL_MS. A shop whose hours are off that grid shows its badge up to 15 min late.
 */
export const PAGE_GRID_MS = 15 * 60_000;
export const PAGE_TTL_MS = numberEnv("PAGE_CACHE_TTL_MS", PAGE_GRID_MS);

/** Which quarter hour `t` falls in: a page is kept no later than the end of the one its render started in. */
export const pageGrid = (t: number) => Math.floor(t / PAGE_GRID_MS);

/** How long a page whose render started at `startedAt` may be kept from `now` (0: not at all). */
export function keepFor(startedAt: number, now: number): number {
  const boundary = (pageGrid(startedAt) + 1) * PAGE_GRID_MS;
  return Math.max(0, Math.min(boundary, startedAt + PAGE_TTL_MS) - now);
}
/** Without a successful poll of the tags for this long, pages are rendered per request again. */
export const SYNC_STALE_MS = 10_000;
const MAX_BYTES = numberEnv("PAGE_CACHE_MB", 128) * 1024 * 1024;
/**
 * Tags that apps and ad networks add to a link on its way (Facebook and its mobile apps, Instagram, Google's
 * search and ads, Bing, TikTok, X, LinkedIn, Yandex, Mailchimp, Google Analytics' cross-domain): each value
 * is new, so a page keyed by them would never be served from the cache to a visitor who came that way.
 */
const TRACKING = /^(utm_[a-z_]+|fbclid|mibextid|igshid|igsh|gclid|gbraid|wbraid|dclid|srsltid|msclkid|ttclid|twclid|li_fat_id|yclid|mc_cid|mc_eid|_gl|_ga)$/;

type State = {
  pages: LRUCache<string, CachedPage>;
  renders: Map<string, Promise<CachedPage | null>>;
  /** Raised on each invalidation; a render that started before the last invalidation of one of its tags is not kept. */
  seq: number;
  invalidatedAt: Map<string, number>;
  syncedAt?: number;
};

const g = globalThis as unknown as { __navalhaPageCache?: State };
const state = (): State =>
  (g.__navalhaPageCache ??= {
    pages: new LRUCache<string, CachedPage>({ maxSize: MAX_BYTES, sizeCalculation: (p) => Math.max(1, p.gzip.byteLength), ttl: PAGE_TTL_MS }),
    renders: new Map(),
    seq: 0,
    invalidatedAt: new Map(),
  });

function decoded(segment: string): string | null {
  try {
    const s = decodeURIComponent(segment);
    return s.length > 200 || s.includes("\u0000") ? null : s;
  } catch {
    return null;
  }
}

/**
 * The cached page a request asks for, or null when it must be rendered for it: only GETs of the home,
 * city and shop pages as a browser opens them (Accept: text/html; not Next's RSC or prefetch requests), with no query but
 * the language, a city page's number and tracking tags (utm_*, fbclid: shared links carry them).
 */
export function pageTarget(url: URL, method: string, headers: Headers, lng: string): PageTarget | null {
  if (env("PAGE_CACHE") === "off" || env("NODE_ENV") !== "production") return null;
  if (method !== "GET" || headers.has(RENDER_HEADER)) return null;
  // Only a document a browser opens (Accept: text/html): Next strips its RSC headers and `_rsc` before the
  // proxy sees a request, and its client navigations and prefetches ask with Accept: */* — answering them
  // with HTML would turn every link to these pages into a full page load.
  if (!(headers.get("accept") ?? "").includes("text/html")) return null;
  let tags: string[];
  // One spelling per page, the one encodeURIComponent writes: /barbearia/barbearia%2Dbela%2Dvista and
  // /barbearia/%62arbearia-bela-vista are the page of /barbearia/barbearia-bela-vista, kept once, not once per
  // spelling (a visitor could otherwise fill the cache with copies of one page).
  let path = url.pathname;
  const city = /^\/cidade\/([^/]+)$/.exec(path);
  const shop = /^\/barbearia\/([^/]+)$/.exec(path);
  if (path === "/") tags = ["home"];
  else if (city) {
    const slug = decoded(city[1]);
    if (slug === null) return null;
    tags = [`city:${slug}`];
    path = `/cidade/${encodeURIComponent(slug)}`;
  } else if (shop && shop[1] !== "id") {
    const slug = decoded(shop[1]);
    if (slug === null || slug === "id") return null;
    tags = [`shop:${slug}`];
    path = `/barbearia/${encodeURIComponent(slug)}`;
  } else return null;
  let search = "";
  for (const [name, value] of url.searchParams) {
    if (name === "lng" || TRACKING.test(name)) continue;
    if (name === "page" && city && /^[1-9]\d{0,3}$/.test(value) && !search) search = `?page=${value}`;
    else return null;
  }
  return { key: `${lng} ${path}${search}`, tags, path, search };
}

/** The kept page, while the tags are being polled. */
export function cachedPage(target: PageTarget, now = Date.now()): CachedPage | undefined {
  const s = state();
  if (!s.syncedAt || now - s.syncedAt > SYNC_STALE_MS) return undefined;
  return s.pages.get(target.key);
}

/** The source of each inline script (what a CSP hash covers); JSON data blocks and external scripts are not run inline. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "text/javascript" && type !== "module" && type !== "application/javascript") continue;
    out.push(m[2]);
  }
  return out;
}

/** SHA-256 in base64, as a CSP hash source names it (of the script's text as UTF-8). */
export const sha256 = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("base64");

/**
 * Keeps a page rendered by `render` (the proxy's request to this server) unless its data changed while it
 * was rendered. Concurrent misses of one page share one render. A 404 is returned, not kept. null: not an
 * HTML page or a 404 (a redirect, an error); the request is then served as any other.
 */
export function renderPage(target: PageTarget, render: () => Promise<Response>): Promise<CachedPage | null> {
  const s = state();
  const running = s.renders.get(target.key);
  if (running) return running;
  const startSeq = s.seq;
  const startedAt = Date.now();
  const job = (async (): Promise<CachedPage | null> => {
    await null; // registered in s.renders below before the render starts
    const res = await render();
    // A 404 (an unknown city) is answered from this render too, not kept; anything else is rendered again for the visitor.
    if ((res.status !== 200 && res.status !== 404) || !(res.headers.get("content-type") ?? "").startsWith("text/html")) {
      await res.body?.cancel();
      return null;
    }
    // Rendered without a nonce (proxy.ts gives none to RENDER_HEADER requests): the hashes stand instead.
    const html = await res.text();
    const scriptHashes = [...new Set(inlineScripts(html).map(sha256))];
    const body = new TextEncoder().encode(html);
    const gzip = new Uint8Array(gzipSync(body));
    const page: CachedPage = { status: res.status === 404 ? 404 : 200, gzip, etag: `"${sha256(body).slice(0, 27)}"`, tags: target.tags, scriptHashes };
    const changed = target.tags.some((tag) => (s.invalidatedAt.get(tag) ?? 0) > startSeq);
    const ttl = keepFor(startedAt, Date.now());
    if (page.status === 200 && !changed && ttl > 0) s.pages.set(target.key, page, { ttl });
    return page;
  })().finally(() => {
    s.renders.delete(target.key);
    if (s.renders.size === 0) s.invalidatedAt.clear();
  });
  s.renders.set(target.key, job);
  return job;
}

/** Drops the pages of these tags (and home with any city); called with what changed since the last poll. */
export function invalidatePageTags(tags: Iterable<string>): number {
  const s = state();
  const dropped = new Set(tags);
  if ([...dropped].some((t) => t.startsWith("city:"))) dropped.add("home");
  if (dropped.size === 0) return 0;
  s.seq += 1;
  if (s.renders.size > 0) for (const tag of dropped) s.invalidatedAt.set(tag, s.seq);
  let n = 0;
  for (const [key, page] of s.pages.entries()) {
    if (page.tags.some((t) => dropped.has(t))) {
      s.pages.delete(key);
      n += 1;
    }
  }
  return n;
}

/**
 * The page's HTML (Next drops a proxy answer's Content-Encoding and compresses the body itself).
 * zlib's gunzip: 0.2 ms for a shop page where a DecompressionStream took 1.1 ms.
 */
export function pageBody(page: CachedPage): Uint8Array<ArrayBuffer> {
  return new Uint8Array(gunzipSync(page.gzip));
}

/** Called after each successful poll of the tags: pages are kept and served only while polls succeed. */
export function markPageCacheSynced(now = Date.now()): void {
  state().syncedAt = now;
}

export function resetPageCache(): void {
  g.__navalhaPageCache = undefined;
}
