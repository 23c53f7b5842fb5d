import type { MetadataRoute } from "next";
import { HIGHLIGHT_CITIES } from "@/components/search/cities";
import { inLanguage, siteUrl } from "@/components/shop/seo";
import { getReadDb } from "@/lib/server/db/client";
import { listCitySlugs, listShopSlugs } from "@/lib/server/shops/detail";

// A sitemap holds at most 50,000 URLs; beyond that it would be split with generateSitemaps.
// Shop pages declare their hreflang alternates themselves, which keeps this file small.
const MAX_SHOPS = 16_000; // three URLs each
const LANGS = ["pt-BR", "en", "es"] as const;
const FOOTER_PATHS = ["/termos-de-uso", "/privacidade", "/faq", "/transparencia", "/fale-conosco"];

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const db = await getReadDb();
  const base = siteUrl();
  const [shops, cities] = await Promise.all([listShopSlugs(db, MAX_SHOPS), listCitySlugs(db)]);
  const citySlugs = [...new Set([...HIGHLIGHT_CITIES, ...cities])];
  const now = new Date();
  // Every language's URL is listed (each is its own canonical), with the others as its alternates.
  const entries = (path: string, rest: Omit<MetadataRoute.Sitemap[number], "url" | "alternates">): MetadataRoute.Sitemap => {
    const languages = Object.fromEntries(LANGS.map((l) => [l, `${base}${inLanguage(path, l)}`]));
    return LANGS.map((l) => ({ url: `${base}${inLanguage(path, l)}`, alternates: { languages }, ...rest }));
  };
  return [
    ...entries("/", { lastModified: now, changeFrequency: "daily", priority: 1 }),
    ...entries("/barbearias", { lastModified: now, changeFrequency: "daily", priority: 0.6 }),
    ...citySlugs.flatMap((slug) => entries(`/cidade/${slug}`, { lastModified: now, changeFrequency: "daily", priority: 0.8 })),
    ...FOOTER_PATHS.flatMap((path) => entries(path, { changeFrequency: "monthly", priority: 0.2 })),
    ...shops.flatMap((s) => entries(`/barbearia/${s.slug}`, { lastModified: s.created_at, changeFrequency: "weekly", priority: 0.7 })),
  ];
}
