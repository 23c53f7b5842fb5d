// Whether a shop's or a city's page exists, asked by proxy.ts before the page renders. Next 16 serves a page
// that calls notFound() as a bare error document (no lang, no content without JavaScript); an unmatched URL
// gets the real not-found page. So the proxy sends an unknown shop's or city's URL to the not-found page itself.
// Like lib/edge/db-health.ts, no imports but a pure helper: the server registers the lookups (instrumentation.ts) on
// globalThis, which the proxy shares in the same Node process.
import { trimPasted } from "@/lib/text/pasted-link";

/** How many there are under a slug: a shop 1 or 0, a city its active shops (0: no such city). */
type Lookup = (slug: string) => Promise<number>;
export type PageKind = "shop" | "city";
/** The slug a shop has now when it had this one before (renamed), or null. */
type RenamedLookup = (slug: string) => Promise<string | null>;
/** Answers kept for LOOKUP_TTL_MS, by key. */
type Kept<T> = Map<string, { value: T; at: number }>;
type State = { lookups: Partial<Record<PageKind, Lookup>>; cache: Kept<number>; renamed?: RenamedLookup; renamedCache: Kept<string | null> };

/** Shops on each page of a city's list (app/cidade/[city]/page.tsx): its pages past the last are not found either. */
export const CITY_PAGE_SIZE = 24;

const g = globalThis as unknown as { __navalhaPageLookup?: State };
const state = (): State => (g.__navalhaPageLookup ??= { lookups: {}, cache: new Map(), renamedCache: new Map() });

/** A path no route matches (so Next renders app/not-found.tsx), and the header saying what was not found. */
export const NOT_FOUND_PATH = "/_nao-encontrada";
export const NOT_FOUND_HEADER = "x-not-found";

/** How long an answer is reused: a shop created (or removed) shows within this time. */
export const LOOKUP_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export function registerPageLookup(kind: PageKind, lookup: Lookup): void {
  state().lookups[kind] = lookup;
}

/** The decoded slug, or null when no shop could have it. */
export function shopSlugOf(segment: string): string | null {
  let slug = segment;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    /* a stray "%": looked up as it is */
  }
  return slug.length > 200 || slug.includes("\u0000") ? null : slug;
}

/** A city's slug as its page accepts it (app/cidade/[city]/page.tsx), or null. */
export function citySlugOf(segment: string): string | null {
  return /^[a-z0-9-]{1,80}$/.test(segment) ? segment : null;
}

/**
 * How many there are (see Lookup) when known; undefined when it cannot be told (no lookup registered, or it
 * failed): the page then decides, as before.
 */
export async function pageCount(kind: PageKind, segment: string, now = Date.now()): Promise<number | undefined> {
  const s = state();
  const slug = kind === "shop" ? shopSlugOf(segment) : citySlugOf(segment);
  if (slug === null) return 0;
  const lookup = s.lookups[kind];
  return kept(s.cache, `${kind}:${slug}`, now, lookup && (() => lookup(slug)));
}

/** The answer kept for `key` while it is fresh, else `ask`'s (then kept); undefined without `ask` or when it fails. */
async function kept<T>(cache: Kept<T>, key: string, now: number, ask: (() => Promise<T>) | undefined): Promise<T | undefined> {
  const hit = cache.get(key);
  if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.value;
  if (!ask) return undefined;
  try {
    const value = await ask();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { value, at: now });
    return value;
  } catch {
    return undefined;
  }
}

/** true or false when known; undefined when it cannot be told (pageCount). */
export async function pageExists(kind: PageKind, segment: string, now = Date.now()): Promise<boolean | undefined> {
  const count = await pageCount(kind, segment, now);
  return count === undefined ? undefined : count > 0;
}

/**
 * The shop's page (or its booking page, `rest` "/agendar") or the city's page a path names, with its slug as the
 * URL has it; null for any other path (and for /barbearia/id/…, the redirect by id).
 */
export function pageOfPath(pathname: string): { kind: PageKind; segment: string; rest: string } | null {
  const m = /^\/(barbearia|cidade)\/([^/]+)(\/agendar)?\/?$/.exec(pathname);
  if (!m || (m[1] === "cidade" && m[3]) || m[2] === "id") return null;
  return { kind: m[1] === "cidade" ? "city" : "shop", segment: m[2], rest: m[3] ?? "" };
}

/** A slug as a link should have had it: lower case, without what a message stuck to its end. */
export const tidySlug = (slug: string): string => trimPasted(slug.toLowerCase());

/**
 * The tidy path when a shop's page (or its booking page) or a city's is asked with capitals or with punctuation
 * stuck to its end, and the tidy one exists ("/barbearia/Dom-Ze" typed into an Instagram bio, "/cidade/sao-paulo)."
 * from a message); null otherwise. Slugs are lower case and end in a letter or digit, so such a link would
 * otherwise find no page. Asks the lookup only when there is something to tidy.
 */
export async function tidyPagePath(pathname: string): Promise<string | null> {
  const page = pageOfPath(pathname);
  if (!page || !/[A-Z%.,;:!?)\]}>'"]/.test(page.segment)) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(page.segment);
  } catch {
    return null; // a stray "%": no page has it
  }
  const tidy = tidySlug(slug);
  if (!tidy || tidy === slug) return null;
  const segment = encodeURIComponent(tidy);
  if ((await pageExists(page.kind, segment)) !== true) return null;
  return `/${page.kind === "city" ? "cidade" : "barbearia"}/${segment}${page.rest}`;
}

export function registerRenamedLookup(lookup: RenamedLookup): void {
  state().renamed = lookup;
}

/**
 * The path of a shop's page (or its booking page) under the slug it has now, when the path names a slug the shop
 * had before it was renamed (a link shared before); null otherwise, or when it cannot be told. Read as tidyPagePath
 * reads a slug ("/barbearia/Old-Name)." names old-name). Answers are reused for LOOKUP_TTL_MS.
 */
export async function renamedPagePath(pathname: string, now = Date.now()): Promise<string | null> {
  const page = pageOfPath(pathname);
  const raw = page?.kind === "shop" ? shopSlugOf(page.segment) : null;
  if (!page || raw === null) return null;
  const slug = tidySlug(raw);
  const { renamed, renamedCache } = state();
  const to = slug ? await kept(renamedCache, slug, now, renamed && (() => renamed(slug))) : null;
  return to ? `/barbearia/${encodeURIComponent(to)}${page.rest}` : null;
}

/** How many pages a city's list of `count` shops has (at least one). */
export function cityListPages(count: number): number {
  return Math.max(1, Math.ceil(count / CITY_PAGE_SIZE));
}

/** The page of a city's list that a `page` parameter asks for, as the city page reads it (1 to 1000). */
export function cityListPage(raw: string | null | undefined): number {
  return Math.max(1, Math.min(1000, Number.parseInt(raw ?? "1", 10) || 1));
}

export function resetPageLookup(): void {
  g.__navalhaPageLookup = { lookups: {}, cache: new Map(), renamedCache: new Map() };
}
