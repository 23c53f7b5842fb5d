import "server-only";
import { HIGHLIGHT_CITIES } from "@/components/search/cities";
import { TEXT_PAGES } from "@/components/legal/updated";
import { hreflangPaths } from "@/components/shop/seo";
import { LANGUAGES } from "@/lib/i18n/settings";
import type { Executor } from "@/lib/server/db/client";
import { citiesForSitemap, shopSitemapParts, shopsOfSitemapPart } from "@/lib/server/shops/sitemap";
import { type SitemapUrl, latest, sitemapIndexXml, urlsetXml } from "@/lib/edge/sitemap-xml";

// The site's sitemaps: /sitemap.xml is an index of /sitemap/paginas.xml (home, cities, the pages of text) and
// /sitemap/barbearias-<n>.xml (every active shop, SHOPS_PER_SITEMAP to a file). Every language's URL is
// listed (each is its own canonical) with the others and x-default as alternates, and with the time what
// the page shows last changed.

/** A page's URL in each language, each with the others and x-default as alternates (as the page names them). */
function inEveryLanguage(base: string, path: string, lastmod: string | null): SitemapUrl[] {
  const alternates = Object.fromEntries(Object.entries(hreflangPaths(path)).map(([l, p]) => [l, `${base}${p}`]));
  return LANGUAGES.map((l) => ({ url: alternates[l], alternates, lastmod }));
}

/** Home, the cities and the pages of text. Home shows the highlighted cities: it changes when they do. */
async function pages(db: Executor, base: string): Promise<SitemapUrl[]> {
  const cities = await citiesForSitemap(db, HIGHLIGHT_CITIES);
  const home = latest(cities.filter((c) => (HIGHLIGHT_CITIES as readonly string[]).includes(c.slug)).map((c) => c.lastmod));
  return [
    ...inEveryLanguage(base, "/", home),
    ...cities.flatMap((c) => inEveryLanguage(base, `/cidade/${encodeURIComponent(c.slug)}`, c.lastmod)),
    ...TEXT_PAGES.flatMap((p) => inEveryLanguage(base, p.path, p.updated)),
  ];
}

export async function sitemapIndex(db: Executor, base: string): Promise<string> {
  const [own, parts] = await Promise.all([pages(db, base), shopSitemapParts(db)]);
  return sitemapIndexXml([
    { url: `${base}/sitemap/paginas.xml`, lastmod: latest(own.map((u) => u.lastmod)) },
    ...parts.map((lastmod, i) => ({ url: `${base}/sitemap/barbearias-${i + 1}.xml`, lastmod })),
  ]);
}

/** One of the sitemaps the index names ("paginas.xml", "barbearias-1.xml", …), or null for any other name. */
export async function sitemapPart(db: Executor, base: string, name: string): Promise<string | null> {
  if (name === "paginas.xml") return urlsetXml(await pages(db, base));
  const n = /^barbearias-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!n) return null;
  const shops = await shopsOfSitemapPart(db, Number(n[1]) - 1);
  if (shops.length === 0) return null;
  // (A slug is one path segment: anything but letters, digits and -._~ is percent-encoded, as a sitemap's URLs must be.)
  return urlsetXml(shops.flatMap((s) => inEveryLanguage(base, `/barbearia/${encodeURIComponent(s.slug)}`, s.lastmod)));
}
