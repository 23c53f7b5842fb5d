import { siteUrl } from "@/components/shop/seo";
import { getReadDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/http/handler";
import { sitemapIndex } from "@/app/sitemap/sitemaps";
import { xmlResponse } from "@/lib/edge/sitemap-xml";

// Read when asked: the running deployment's site URL and the shops there are now (app/sitemap/sitemaps.ts).
// (Through route(): while the database is unreachable, a 503 with Retry-After, which crawlers come back after.)
export const dynamic = "force-dynamic";

export const GET = route(async () => xmlResponse(await sitemapIndex(await getReadDb(), siteUrl()), 3600));
