import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import robots from "@/app/robots";
import { GET as sitemapIndexGet } from "@/app/sitemap.xml/route";
import { GET as sitemapPartGet } from "@/app/sitemap/[part]/route";
import { TEXT_PAGES } from "@/components/legal/updated";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { rowsOf } from "@/lib/server/shops/cards";
import { shopSitemapParts, shopsOfSitemapPart } from "@/lib/server/shops/sitemap";
import { makeBarber, makeReview, makeShop } from "@/tests/factories/shops";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

async function index(): Promise<{ loc: string; lastmod: string | null }[]> {
  const res = await sitemapIndexGet(new NextRequest("http://localhost/sitemap.xml"));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
  const xml = await res.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  return [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g)].map((m) => ({ loc: m[1], lastmod: m[2] ?? null }));
}

type Url = { loc: string; lastmod: string | null; alternates: Record<string, string> };
async function part(name: string): Promise<{ status: number; urls: Url[] }> {
  const res = await sitemapPartGet(new NextRequest(`http://localhost/sitemap/${name}`), { params: Promise.resolve({ part: name }) });
  if (res.status !== 200) return { status: res.status, urls: [] };
  const xml = await res.text();
  const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, u]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(u)![1].replace(/&amp;/g, "&"),
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(u)?.[1] ?? null,
    alternates: Object.fromEntries([...u.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, "&")])),
  }));
  return { status: 200, urls };
}

const pathOf = (u: Url) => new URL(u.loc).pathname + new URL(u.loc).search;

describe("sitemap.xml and robots.txt", () => {
  it("index a sitemap of the site's pages and sitemaps of every active shop", async () => {
    await makeShop(db(), { slug: "navalha-centro", citySlug: "belo-horizonte", city: "Belo Horizonte", state: "MG" });
    await makeShop(db(), { slug: "fechou", isActive: false });
    const sitemaps = (await index()).map((s) => new URL(s.loc).pathname);
    expect(sitemaps[0]).toBe("/sitemap/paginas.xml");
    expect(sitemaps.slice(1)).toEqual(sitemaps.slice(1).map((_, i) => `/sitemap/barbearias-${i + 1}.xml`));
    const pages = (await part("paginas.xml")).urls.map(pathOf);
    expect(pages).toEqual(
      expect.arrayContaining(["/", "/cidade/sao-paulo", "/cidade/rio-de-janeiro", "/cidade/belo-horizonte", "/privacidade", "/barbearias"]),
    );
    const shops = (await Promise.all(sitemaps.slice(1).map((s) => part(s.slice("/sitemap/".length))))).flatMap((p) => p.urls.map(pathOf));
    expect(shops).toContain("/barbearia/navalha-centro");
    // A slug that is not plain ASCII is percent-encoded, as a sitemap's URLs must be.
    await makeShop(db(), { slug: "são-joão & cia" });
    const again = (await Promise.all((await index()).slice(1).map((s) => part(new URL(s.loc).pathname.slice("/sitemap/".length))))).flatMap((p) =>
      p.urls.map(pathOf),
    );
    expect(again).toContain("/barbearia/s%C3%A3o-jo%C3%A3o%20%26%20cia");
    expect(shops).not.toContain("/barbearia/fechou");
    // Names the index does not give are not sitemaps.
    for (const name of ["barbearias-0.xml", `barbearias-${sitemaps.length}.xml`, "barbearias-1", "x.xml", "../sitemap.xml"])
      expect([name, (await part(name)).status]).toEqual([name, 404]);
  });

  it("split the shops into parts that together hold each one once", async () => {
    for (let i = 0; i < 5; i++) await makeShop(db(), { slug: `parte-${i}` });
    const active = Number(rowsOf(await db().execute(sql`select count(*)::int as n from barbershops where is_active`))[0].n);
    const parts = await shopSitemapParts(db(), 2);
    expect(parts).toHaveLength(Math.ceil(active / 2));
    const slugs = (await Promise.all(parts.map((_, i) => shopsOfSitemapPart(db(), i, 2)))).flat().map((s) => s.slug);
    expect(slugs).toHaveLength(active);
    expect(new Set(slugs).size).toBe(active);
    expect(slugs).toEqual(expect.arrayContaining(["parte-0", "parte-4"]));
  });

  it("list each language's URL of a page with the others and x-default as alternates", async () => {
    await makeShop(db(), { slug: "navalha-idiomas" });
    const { urls } = await part("barbearias-1.xml");
    const entries = urls.filter((u) => new URL(u.loc).pathname === "/barbearia/navalha-idiomas");
    expect(entries.map((e) => new URL(e.loc).search).sort()).toEqual(["", "?lng=en", "?lng=es"]);
    for (const e of entries) {
      expect(e.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Object.keys(e.alternates).sort()).toEqual(["en", "es", "pt-BR", "x-default"]);
      expect(e.alternates["x-default"]).toBe(e.alternates["pt-BR"]);
    }
  });

  it("give a shop's and its city's page the time what they show last changed, which a review moves", async () => {
    const shop = await makeShop(db(), {
      slug: "navalha-datas",
      citySlug: "curitiba",
      city: "Curitiba",
      state: "PR",
      createdAt: new Date("2026-01-10T12:00:00Z"),
    });
    // As if nothing had changed since February.
    await db().execute(sql`update page_tags set changed_at = '2026-02-01T09:30:00Z' where tag in ('shop:navalha-datas', 'city:curitiba')`);
    const lastmodOf = async (path: string, name: string) => (await part(name)).urls.find((u) => pathOf(u) === path)?.lastmod;
    expect(await lastmodOf("/barbearia/navalha-datas", "barbearias-1.xml")).toBe("2026-02-01T09:30:00Z");
    expect(await lastmodOf("/cidade/curitiba", "paginas.xml")).toBe("2026-02-01T09:30:00Z");

    const barber = await makeBarber(db(), shop.id);
    await makeReview(db(), shop.id, barber.id, 5, "Ótimo");
    const now = Number(rowsOf(await db().execute(sql`select extract(epoch from now())::float8 as t`))[0].t) * 1000;
    for (const [path, name] of [
      ["/barbearia/navalha-datas", "barbearias-1.xml"],
      ["/cidade/curitiba", "paginas.xml"],
    ]) {
      const moved = Date.parse((await lastmodOf(path, name))!);
      expect([path, Math.abs(moved - now) < 2000]).toEqual([path, true]);
    }
  });

  it("give the pages of text the day their text last changed", async () => {
    const { urls } = await part("paginas.xml");
    for (const page of TEXT_PAGES) {
      const entries = urls.filter((u) => new URL(u.loc).pathname === page.path);
      expect(entries).toHaveLength(3);
      for (const e of entries) expect([page.path, e.lastmod]).toEqual([page.path, page.updated]);
    }
  });

  it("use the running deployment's site URL, read when asked", async () => {
    const before = process.env.PUBLIC_SITE_URL;
    process.env.PUBLIC_SITE_URL = "https://navalha.example.com.br/";
    try {
      expect(robots().sitemap).toBe("https://navalha.example.com.br/sitemap.xml");
      for (const s of await index()) expect(s.loc).toMatch(/^https:\/\/navalha\.example\.com\.br\/sitemap\//);
      expect((await part("paginas.xml")).urls[0].loc).toBe("https://navalha.example.com.br/");
    } finally {
      if (before === undefined) delete process.env.PUBLIC_SITE_URL;
      else process.env.PUBLIC_SITE_URL = before;
    }
  });

  it("point crawlers at the sitemap and keep them out of the API and private pages", () => {
    const r = robots();
    expect(String(r.sitemap)).toMatch(/\/sitemap\.xml$/);
    const rules = Array.isArray(r.rules) ? r.rules : [r.rules];
    const of = (agent: string) => rules.find((rule) => [rule.userAgent].flat().includes(agent))!;
    expect(of("*").disallow).toEqual(expect.arrayContaining(["/v3/", "/perfil", "/agendamentos", "/agendamento/"]));
    // The apps that draw link previews may read a booking's private link (it previews as its shop), not the rest.
    for (const app of ["facebookexternalhit", "WhatsApp", "Twitterbot"]) {
      expect(of(app).disallow).toEqual(expect.arrayContaining(["/v3/", "/perfil", "/agendamentos"]));
      expect(of(app).disallow).not.toContain("/agendamento/");
    }
  });
});
