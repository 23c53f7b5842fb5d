import type { MetadataRoute } from "next";
import { HIGHLIGHT_CITIES } from "@/components/search/cities";
import { siteUrl } from "@/components/shop/seo";
import { getReadDb } from "@/lib/server/db/client";
import { listCitySlugs, listShopSlugs } from "@/lib/server/shops/detail";

// A sitemap holds at most 50,000 URLs; beyond that it would be split with generateSitemaps.
// Shop pages declare their hreflang alternates themselves, which keeps this file small.
const MAX_SHOPS = 49_000;

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const db = await getReadDb();
  const base = siteUrl();
  const [shops, cities] = await Promise.all([listShopSlugs(db, MAX_SHOPS), listCitySlugs(db)]);
  const languages = (path: string) => ({ languages: { "pt-BR": `${base}${path}`, en: `${base}${path}?lng=en`, es: `${base}${path}?lng=es` } });
  const citySlugs = [...new Set([...HIGHLIGHT_CITIES, ...cities])];
  return [
    { url: `${base}/`, changeFrequency: "daily", priority: 1, alternates: languages("/") },
    { url: `${base}/barbearias`, changeFrequency: "daily", priority: 0.6, alternates: languages("/barbearias") },
    ...citySlugs.map((slug) => ({ url: `${base}/cidade/${slug}`, changeFrequency: "daily" as const, priority: 0.8, alternates: languages(`/cidade/${slug}`) })),
    ...shops.map((s) => ({
      url: `${base}/barbearia/${s.slug}`,
      lastModified: s.created_at,
      changeFrequency: "weekly" as const,
      priority: 0.7,
    })),
  ];
}
