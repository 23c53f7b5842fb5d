// Whether a shop page exists, asked by proxy.ts before the page renders. Next 16 serves a page that calls
// notFound() as a bare error document (no lang, no content without JavaScript); an unmatched URL gets
// the real not-found page. So the proxy sends an unknown shop's URL to the not-found page itself.
// Like lib/db-health.ts, no imports: the server registers the lookup (instrumentation.ts) on globalThis,
// which the proxy shares in the same Node process.

type Lookup = (slug: string) => Promise<boolean>;
type State = { lookup?: Lookup; cache: Map<string, { exists: boolean; at: number }> };

const g = globalThis as unknown as { __navalhaPageLookup?: State };
const state = (): State => (g.__navalhaPageLookup ??= { cache: new Map() });

/** A path no route matches (so Next renders app/not-found.tsx), and the header saying what was not found. */
export const NOT_FOUND_PATH = "/_nao-encontrada";
export const NOT_FOUND_HEADER = "x-not-found";

/** How long an answer is reused: a shop created (or removed) shows within this time. */
export const LOOKUP_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export function registerShopLookup(lookup: Lookup): void {
  state().lookup = lookup;
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

/**
 * true or false when known; undefined when it cannot be told (no lookup registered, or it failed):
 * the page then decides, as before.
 */
export async function shopExists(segment: string, now = Date.now()): Promise<boolean | undefined> {
  const s = state();
  const slug = shopSlugOf(segment);
  if (slug === null) return false;
  const hit = s.cache.get(slug);
  if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.exists;
  if (!s.lookup) return undefined;
  try {
    const exists = await s.lookup(slug);
    if (s.cache.size >= MAX_ENTRIES) s.cache.clear();
    s.cache.set(slug, { exists, at: now });
    return exists;
  } catch {
    return undefined;
  }
}

export function resetPageLookup(): void {
  g.__navalhaPageLookup = { cache: new Map() };
}
