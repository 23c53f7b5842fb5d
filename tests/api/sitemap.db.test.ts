import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { makeShop } from "@/tests/factories/shops";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

describe("sitemap.xml and robots.txt", () => {
  it("list every active shop page and every city page", async () => {
    await makeShop(db(), { slug: "navalha-centro", citySlug: "belo-horizonte", city: "Belo Horizonte", state: "MG" });
    await makeShop(db(), { slug: "fechou", isActive: false });
    const urls = (await sitemap()).map((e) => new URL(e.url).pathname);
    expect(urls).toEqual(expect.arrayContaining(["/", "/cidade/sao-paulo", "/cidade/rio-de-janeiro", "/cidade/belo-horizonte", "/barbearia/navalha-centro"]));
    expect(urls).not.toContain("/barbearia/fechou");
  });

  it("list each language's URL of a page, with lastmod and the others as alternates", async () => {
    await makeShop(db(), { slug: "navalha-idiomas" });
    const entries = (await sitemap()).filter((e) => new URL(e.url).pathname === "/barbearia/navalha-idiomas");
    expect(entries.map((e) => new URL(e.url).search).sort()).toEqual(["", "?lng=en", "?lng=es"]);
    for (const e of entries) {
      expect(e.lastModified).toBeTruthy();
      expect(Object.keys(e.alternates?.languages ?? {}).sort()).toEqual(["en", "es", "pt-BR"]);
    }
  });

  it("use the running deployment's site URL, read when asked", () => {
    const before = process.env.PUBLIC_SITE_URL;
    process.env.PUBLIC_SITE_URL = "https://navalha.example.com.br/";
    try {
      expect(robots().sitemap).toBe("https://navalha.example.com.br/sitemap.xml");
    } finally {
      if (before === undefined) delete process.env.PUBLIC_SITE_URL;
      else process.env.PUBLIC_SITE_URL = before;
    }
  });

  it("point crawlers at the sitemap and keep them out of the API and private pages", () => {
    const r = robots();
    expect(String(r.sitemap)).toMatch(/\/sitemap\.xml$/);
    const rule = Array.isArray(r.rules) ? r.rules[0] : r.rules;
    expect(rule.disallow).toEqual(expect.arrayContaining(["/v3/", "/perfil", "/agendamentos"]));
  });
});
