import { latest, sitemapIndexXml, urlsetXml } from "./sitemap-xml";

describe("sitemap XML", () => {
  it("escapes what XML would read as markup, in addresses and alternates", () => {
    const xml = urlsetXml([
      { url: "https://a.example/barbearias?x=1&lng=en", lastmod: "2026-11-27T10:00:00Z", alternates: { en: "https://a.example/?q=<b>&lng=en" } },
    ]);
    expect(xml).toContain("<loc>https://a.example/barbearias?x=1&amp;lng=en</loc>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://a.example/?q=&lt;b&gt;&amp;lng=en"/>');
    expect(xml).toContain("<lastmod>2026-11-27T10:00:00Z</lastmod>");
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    // In sitemap.xsd's order: loc, lastmod, then elements of other namespaces.
    expect(xml).toMatch(/<url><loc>[^<]+<\/loc><lastmod>[^<]+<\/lastmod><xhtml:link /);
  });

  it("leaves out a lastmod it does not know", () => {
    expect(urlsetXml([{ url: "https://a.example/", lastmod: null }])).not.toContain("<lastmod>");
    expect(sitemapIndexXml([{ url: "https://a.example/sitemap/1.xml" }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>https://a.example/sitemap/1.xml</loc></sitemap>\n</sitemapindex>\n',
    );
  });

  it("finds the latest of times in UTC, days and instants alike", () => {
    expect(latest(["2026-11-22", null, "2026-11-24T09:00:00Z", undefined, "2026-11-24"])).toBe("2026-11-24T09:00:00Z");
    expect(latest([null, undefined])).toBeNull();
  });
});
