import { siteUrl } from "@/components/shop/seo";
import { getReadDb } from "@/lib/server/db/client";
import { route } from "@/lib/server/http/handler";
import { sitemapPart } from "../sitemaps";
import { xmlResponse } from "@/lib/edge/sitemap-xml";

// One of the sitemaps /sitemap.xml names: /sitemap/paginas.xml, /sitemap/barbearias-<n>.xml.
export const dynamic = "force-dynamic";

export const GET = route<{ part: string }>(async ({ params }) => {
  const xml = await sitemapPart(await getReadDb(), siteUrl(), params.part);
  if (xml === null) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return xmlResponse(xml, 3600);
});
