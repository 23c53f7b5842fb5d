import { siteUrl } from "@/components/shop/seo";
import { getReadDb } from "@/lib/server/db/client";
import { sitemapIndex } from "@/app/sitemap/sitemaps";
import { xmlResponse } from "@/lib/sitemap-xml";

// Read when asked: the running deployment's site URL and the shops there are now (app/sitemap/sitemaps.ts).
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return xmlResponse(await sitemapIndex(await getReadDb(), siteUrl()), 3600);
}
