// Whether a shop's or a city's page exists, asked by proxy.ts before the page renders. Next 16 serves a page
// that calls notFound() as a bare error document (no lang, no content without JavaScript); an unmatched URL
// gets the real not-found page. So the proxy sends an unknown shop's or city's URL to the not-found page itself.
// Like lib/db-health.ts, no imports: the server registers the lookups (instrumentation.ts) on globalThis,
// which the proxy shares in the same Node process.

type Lookup = (slug: string) => Promise<boolean>;
export type PageKind = "shop" | "city";
type State = { lookups: Partial<Record<PageKind, Lookup>>; cache: Map<string, { exists: boolean; at: number }> };

const g = globalThis as unknown as { __navalhaPageLookup?: State };
const state = (): State => (g.__navalhaPageLookup ??= { lookups: {}, cache: new Map() });

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
 * true or false when known; undefined when it cannot be told (no lookup registered, or it failed):
 * the page then decides, as before.
 */
export async function pageExists(kind: PageKind, segment: string, now = Date.now()): Promise<boolean | undefined> {
  const s = state();
  const slug = kind === "shop" ? shopSlugOf(segment) : citySlugOf(segment);
  if (slug === null) return false;
  const key = `${kind}:${slug}`;
  const hit = s.cache.get(key);
  if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.exists;
  const lookup = s.lookups[kind];
  if (!lookup) return undefined;
  try {
    const exists = await lookup(slug);
    if (s.cache.size >= MAX_ENTRIES) s.cache.clear();
    s.cache.set(key, { exists, at: now });
    return exists;
  } catch {
    return undefined;
  }
}

export function resetPageLookup(): void {
  g.__navalhaPageLookup = { lookups: {}, cache: new Map() };
}
