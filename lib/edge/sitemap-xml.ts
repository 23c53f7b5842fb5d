// The sitemaps' XML (sitemaps.org 0.9, with hreflang alternates as Google reads them). Next's sitemap
// convention writes one urlset per file and no index; the site's shops need several files and an index
// (app/sitemap.xml, app/sitemap/[part], composed in app/sitemap/sitemaps.ts), so both are written here.

export type SitemapUrl = { url: string; lastmod?: string | null; alternates?: Record<string, string> };

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls.map((u) => {
    const links = Object.entries(u.alternates ?? {}).map(
      ([lang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(href)}"/>`,
    );
    // loc, lastmod, then the other namespace's elements: the order sitemap.xsd gives.
    return `<url><loc>${escapeXml(u.url)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ""}${links.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: readonly { url: string; lastmod?: string | null }[]): string {
  const body = sitemaps.map((s) => `<sitemap><loc>${escapeXml(s.url)}</loc>${s.lastmod ? `<lastmod>${escapeXml(s.lastmod)}</lastmod>` : ""}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body.join("\n")}\n</sitemapindex>\n`;
}

/** An XML answer that caches may keep for `maxAge` seconds. */
export function xmlResponse(xml: string, maxAge: number): Response {
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": `public, max-age=${maxAge}` } });
}

/** The latest of some ISO times (all in UTC, "…Z", so they order as text), or null. */
export function latest(times: readonly (string | null | undefined)[]): string | null {
  return times.reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
}
