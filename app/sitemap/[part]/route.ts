import { siteUrl } from "@/components/shop/seo";
import { getReadDb } from "@/lib/server/db/client";
import { sitemapPart } from "../sitemaps";
import { xmlResponse } from "@/lib/sitemap-xml";

// One of the sitemaps /sitemap.xml names: /sitemap/paginas.xml, /sitemap/barbearias-<n>.xml.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ part: string }> }): Promise<Response> {
  const xml = await sitemapPart(await getReadDb(), siteUrl(), (await params).part);
  if (xml === null) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return xmlResponse(xml, 3600);
}
