import fs from "node:fs";
import path from "node:path";
import { NextRequest, type NextResponse } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { markDatabaseSuspect, registerDatabaseProbe, resetDatabaseHealth } from "@/lib/edge/db-health";
import { registerPageLookup, registerRenamedLookup, resetPageLookup } from "@/lib/edge/page-lookup";
import { pageNeedsDatabase } from "@/lib/edge/unavailable-page";
import { config, proxy } from "@/proxy";

async function run(url: string, headers: Record<string, string> = {}) {
  return (await proxy(new NextRequest(url, { headers }))) as NextResponse;
}

describe("proxy", () => {
  it("passes the language of ?lng= to the page and remembers it in the lng cookie", async () => {
    const res = await run("http://localhost/faq?lng=es", { "accept-language": "en" });
    expect(res.headers.get("x-middleware-request-x-i18next-current-language")).toBe("es");
    expect(res.cookies.get("lng")?.value).toBe("es");
  });

  it("uses the cookie before Accept-Language, and sets no cookie without ?lng=", async () => {
    const res = await run("http://localhost/", { cookie: "lng=en", "accept-language": "es" });
    expect(res.headers.get("x-middleware-request-x-i18next-current-language")).toBe("en");
    expect(res.cookies.get("lng")).toBeUndefined();
  });

  it("falls back to pt-BR for an unknown language", async () => {
    const res = await run("http://localhost/?lng=klingon", { "accept-language": "de" });
    expect(res.headers.get("x-middleware-request-x-i18next-current-language")).toBe("pt-BR");
  });

  it("gives each page a Content Security Policy with a fresh nonce", async () => {
    const a = (await run("http://localhost/")).headers.get("content-security-policy") ?? "";
    const b = (await run("http://localhost/")).headers.get("content-security-policy") ?? "";
    expect(a).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(a).toContain("frame-ancestors 'none'");
    expect(a).toContain("object-src 'none'");
    expect(a).not.toBe(b);
  });
});

describe("a renamed shop's old links", () => {
  afterEach(() => resetPageLookup());

  it("go on to its page under the slug it has now, the booking page and the query kept; an unknown shop's do not", async () => {
    registerPageLookup("shop", async (slug) => (slug === "dom-ze-barbearia" ? 1 : 0));
    registerRenamedLookup(async (slug) => (slug === "barbearia-do-ze" ? "dom-ze-barbearia" : null));
    const moved = await run("http://localhost/barbearia/barbearia-do-ze/agendar?service=3&lng=es");
    expect(moved.status).toBe(308);
    expect(moved.headers.get("location")).toBe("http://localhost/barbearia/dom-ze-barbearia/agendar?service=3&lng=es");
    expect(moved.headers.get("cache-control")).toBe("public, max-age=3600");
    const unknown = await run("http://localhost/barbearia/nunca-existiu");
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("x-middleware-rewrite")).toContain("/_nao-encontrada");
    // A shop of that slug now is its page, whatever the slug was before.
    registerPageLookup("shop", async () => 1);
    expect((await run("http://localhost/barbearia/outra")).headers.get("location")).toBeNull();
  });
});

describe("which paths the proxy runs on (every page gets its CSP)", () => {
  const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}` });

  it.each([
    "/",
    "/faq",
    "/icons",
    "/manifest.webmanifest.html",
    "/barbearia/x.y",
    "/barbearia/barbearia-do-ze.2",
    "/cidade/sao-paulo.sp",
    "/entrar?next=/x.y",
    "/v3-ajuda",
    "/dev/outbox",
  ])("runs on the page %s", (path) => {
    expect(matches(path)).toBe(true);
  });

  it.each([
    "/v3",
    "/v3/health",
    "/v3/client/barbershops/1.json",
    "/_next/static/chunks/app.js",
    "/demo/cover-01.svg",
    "/uploads/a.webp",
    "/favicon.svg",
    "/robots.txt",
    "/sitemap.xml",
    "/sitemap/paginas.xml",
    "/sitemap/barbearias-1.xml",
    "/icons/icon-192.png",
    "/manifest.webmanifest",
    "/manifest.webmanifest?lng=en",
  ])("leaves %s alone", (path) => {
    expect(matches(path)).toBe(false);
  });

  // A browser's navigation (what it sends when a link or the address bar opens a file that is not there).
  const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

  it.each(["/_next/static/nada.html", "/_next/x", "/demo/nada", "/icons/nada", "/uploads/nada.webp", "/sitemap/nada.xml", "/robots.txt"])(
    "runs on %s opened as a document, whose not-found page gets the policy and a nonce",
    async (path) => {
      expect(unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}`, headers: { accept: NAVIGATION } })).toBe(true);
      const res = await run(`http://localhost${path}`, { accept: NAVIGATION });
      expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      // Next reads the nonce from the request's policy for its own scripts.
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(res.headers.get("content-security-policy"));
    },
  );

  it.each([
    ["/_next/static/chunks/app.js", "*/*"],
    ["/demo/cover-01.svg", "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"],
    ["/_next/static/css/app.css", "text/css,*/*;q=0.1"],
    ["/v3/health", NAVIGATION],
  ])("still leaves %s alone as a browser loads it (Accept: %s)", (path, accept) => {
    expect(unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}`, headers: { accept } })).toBe(false);
  });
});

describe("pages while the database cannot be reached", () => {
  afterEach(() => resetDatabaseHealth());

  function databaseDown() {
    const probe = jest.fn(async (): Promise<void> => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    registerDatabaseProbe(probe);
    markDatabaseSuspect();
    return probe;
  }

  it("answer 503 with Retry-After and a page in the visitor's language", async () => {
    databaseDown();
    const res = await run("http://localhost/barbearia/barbearia-do-ze", { "accept-language": "es" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Volvemos en un momento");
    expect(html).toContain('href="/barbearia/barbearia-do-ze"');
  });

  it("leave pages that do not read the database alone", async () => {
    const probe = databaseDown();
    const res = await run("http://localhost/faq");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(probe).not.toHaveBeenCalled();
  });

  it("render again once a probe reaches the database", async () => {
    const probe = databaseDown();
    expect((await run("http://localhost/cidade/sao-paulo")).status).toBe(503);
    probe.mockResolvedValue(undefined);
    // The failed probe is believed for a second; then the next page probes again.
    const later = Date.now() + 1_500;
    jest.spyOn(Date, "now").mockReturnValue(later);
    try {
      const res = await run("http://localhost/cidade/sao-paulo");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-middleware-next")).toBe("1");
    } finally {
      jest.restoreAllMocks();
    }
  });

  it("escape the address they link back to", async () => {
    databaseDown();
    const html = await (await run('http://localhost/barbearias?q="><script>alert(1)</script>')).text();
    expect(html).not.toContain("<script>alert");
  });
});

describe("pageNeedsDatabase", () => {
  // Every page whose server render imports lib/server: a new one must be listed, or an outage makes it 500.
  const root = path.join(process.cwd(), "app");
  function pages(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "v3" ? [] : pages(full);
      return e.name === "page.tsx" ? [full] : [];
    });
  }
  const readingPages = pages(root)
    .filter((file) => fs.readFileSync(file, "utf8").includes("@/lib/server/"))
    .map(
      (file) =>
        "/" +
        path
          .relative(root, path.dirname(file))
          .split(path.sep)
          .filter((segment) => segment && !segment.startsWith("("))
          .map((segment) => segment.replace(/^\[(.+)\]$/, "sample-$1"))
          .join("/"),
    );

  it("finds the pages that read the database", () => {
    expect(readingPages).toEqual(expect.arrayContaining(["/", "/barbearia/sample-slug", "/cidade/sample-city"]));
  });

  it.each(readingPages)("covers %s", (page) => {
    expect(pageNeedsDatabase(page)).toBe(true);
  });

  it.each(["/faq", "/entrar", "/perfil", "/agendamentos", "/termos-de-uso"])("leaves %s out", (page) => {
    expect(pageNeedsDatabase(page)).toBe(false);
  });
});
