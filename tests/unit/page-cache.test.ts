import { createHash } from "node:crypto";
import { NextRequest, type NextResponse } from "next/server";
import {
  cachedPage,
  inlineScripts,
  keepFor,
  pageBody,
  invalidatePageTags,
  markPageCacheSynced,
  pageTarget,
  renderPage,
  resetPageCache,
} from "@/lib/edge/page-cache";
import { proxy } from "@/proxy";

const env = process.env as Record<string, string | undefined>;
const NODE_ENV = env.NODE_ENV;
const h = new Headers({ accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
const doc = (more: Record<string, string> = {}) => ({ accept: "text/html", ...more });
const target = (url: string, lng = "pt-BR", headers = h) => pageTarget(new URL(url, "http://localhost"), "GET", headers, lng);
const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("base64");

// As Next renders a page without a nonce (proxy.ts gives none to the cache's own requests).
const PAGE = (text: string) =>
  `<!DOCTYPE html><html lang="pt-BR"><head><script src="/_next/static/chunks/a.js" async=""></script></head>` +
  `<body><h1>${text}</h1><script type="application/ld+json">{"@type":"HairSalon"}</script>` +
  `<script>self.__next_f=self.__next_f||[]</script><script>self.__next_f.push([1,"é"])</script></body></html>`;
const html = (_label: string, text = "Barbearia do Zé", status = 200) =>
  new Response(PAGE(text), { status, headers: { "content-type": "text/html; charset=utf-8" } });

beforeEach(() => {
  env.NODE_ENV = "production";
  resetPageCache();
});
afterAll(() => {
  env.NODE_ENV = NODE_ENV;
});

describe("which requests the page cache answers", () => {
  it("home, city and shop pages, one copy per language, tracking tags ignored", () => {
    expect(target("/")).toMatchObject({ key: "pt-BR /", tags: ["home"] });
    expect(target("/cidade/sao-paulo?page=2", "en")).toMatchObject({ key: "en /cidade/sao-paulo?page=2", tags: ["city:sao-paulo"], search: "?page=2" });
    expect(target("/barbearia/barbearia-do-z%C3%A9?lng=es&utm_source=whatsapp&fbclid=x", "es")).toMatchObject({
      key: "es /barbearia/barbearia-do-z%C3%A9",
      tags: ["shop:barbearia-do-zé"],
      search: "",
    });
    // Instagram's share links, Google's organic results, Facebook's mobile apps, Bing's ads.
    for (const tag of ["igsh=MWx", "srsltid=AfmBOo", "mibextid=Zxz2cZ", "msclkid=abc", "ttclid=1"]) {
      expect([tag, target(`/barbearia/navalha?${tag}`)?.key]).toEqual([tag, "pt-BR /barbearia/navalha"]);
    }
  });

  it("not other pages, other queries, Next's RSC requests or its own render", () => {
    for (const url of [
      "/barbearia/x/agendar",
      "/barbearia/id",
      "/barbearias",
      "/faq",
      "/barbearia/x?service=1",
      "/?q=x",
      "/cidade/x?page=0",
      "/barbearia/%E0%A4%A",
    ]) {
      expect(target(url)).toBeNull();
    }
    // Next's client navigations and prefetches (it strips their RSC headers before the proxy) ask with */*.
    expect(target("/", "pt-BR", new Headers({ accept: "*/*" }))).toBeNull();
    expect(target("/", "pt-BR", new Headers())).toBeNull();
    expect(target("/", "pt-BR", new Headers(doc({ "x-navalha-page-render": "1" })))).toBeNull();
    expect(pageTarget(new URL("http://localhost/"), "POST", h, "pt-BR")).toBeNull();
    env.NODE_ENV = "development";
    expect(target("/")).toBeNull();
  });
});

describe("inline scripts", () => {
  it("are the scripts run inline: not external ones, not JSON data blocks", () => {
    expect(inlineScripts(PAGE("Zé"))).toEqual(["self.__next_f=self.__next_f||[]", 'self.__next_f.push([1,"é"])']);
  });
});

describe("how long a page is kept", () => {
  const at = (hhmmss: string) => Date.parse(`2026-11-25T${hhmmss}Z`);
  it("until the next quarter hour after its render started, when shops open and close", () => {
    expect(keepFor(at("13:07:00"), at("13:07:01"))).toBe(at("13:15:00") - at("13:07:01"));
    expect(keepFor(at("13:14:59.900"), at("13:15:00.100"))).toBe(0); // rendered for 13:14: not kept
    expect(keepFor(at("13:15:00"), at("13:15:00"))).toBe(15 * 60_000);
  });
});

describe("kept pages", () => {
  it("are kept once rendered, with their inline scripts' hashes", async () => {
    const t = target("/barbearia/ze")!;
    const page = await renderPage(t, async () => html("abc123"));
    expect(page!.scriptHashes).toEqual([sha("self.__next_f=self.__next_f||[]"), sha('self.__next_f.push([1,"é"])')]);
    // Served only while the tags are polled: without it nobody would drop a changed page.
    expect(cachedPage(t)).toBeUndefined();
    markPageCacheSynced();
    expect(cachedPage(t)).toBe(page);
    // Polls that stop (the database out of reach) stop the cache 10 s later.
    expect(cachedPage(t, Date.now() + 11_000)).toBeUndefined();
  });

  it("are kept once per page, not once per spelling of its path", async () => {
    const spellings = [
      "/barbearia/barbearia-bela-vista",
      "/barbearia/barbearia%2Dbela%2Dvista",
      "/barbearia/%62arbearia-bela-vista",
      "/barbearia/%62%61rbearia%2dbela-vista",
    ];
    const targets = spellings.map((url) => target(url)!);
    expect(new Set(targets.map((t) => t.key))).toEqual(new Set(["pt-BR /barbearia/barbearia-bela-vista"]));
    // The page is rendered from the one spelling too.
    expect(new Set(targets.map((t) => t.path))).toEqual(new Set(["/barbearia/barbearia-bela-vista"]));
    expect(target("/cidade/s%C3%A3o-paulo")!.key).toBe(target("/cidade/s%c3%a3o-%70aulo")!.key);
    expect(target("/barbearia/%69d")).toBeNull(); // /barbearia/id is not a shop's page
    // As proxy.ts does: a page not kept yet is rendered and kept.
    markPageCacheSynced();
    let renders = 0;
    for (const t of targets) if (!cachedPage(t)) await renderPage(t, async () => html(`n${++renders}`));
    expect(renders).toBe(1);
    for (const t of targets) expect(cachedPage(t)).toBeDefined();
  });

  it("share one render between concurrent misses and keep no error page", async () => {
    const t = target("/barbearia/ze")!;
    let renders = 0;
    const slow = () => new Promise<Response>((r) => setTimeout(() => r(html(`n${++renders}`)), 20));
    const [a, b] = await Promise.all([renderPage(t, slow), renderPage(t, slow)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    const missing = target("/cidade/atlantida")!;
    expect(await renderPage(missing, async () => html("n", "x", 404))).toMatchObject({ status: 404 });
    const failed = target("/cidade/sao-paulo")!;
    expect(await renderPage(failed, async () => html("n", "x", 500))).toBeNull();
    markPageCacheSynced();
    expect(cachedPage(missing)).toBeUndefined();
    expect(cachedPage(failed)).toBeUndefined();
  });

  it("are dropped by their tags, and home by any city", async () => {
    markPageCacheSynced();
    const shop = target("/barbearia/ze")!;
    const other = target("/barbearia/outra")!;
    const home = target("/")!;
    const city = target("/cidade/sao-paulo", "en")!;
    for (const t of [shop, other, home, city]) await renderPage(t, async () => html("n"));
    expect(invalidatePageTags(["shop:ze"])).toBe(1);
    expect(cachedPage(shop)).toBeUndefined();
    expect(cachedPage(other)).toBeDefined();
    expect(invalidatePageTags(["city:sao-paulo"])).toBe(2);
    expect(cachedPage(home)).toBeUndefined();
    expect(cachedPage(city)).toBeUndefined();
  });

  it("are not kept when their data changed while they rendered", async () => {
    markPageCacheSynced();
    const t = target("/barbearia/ze")!;
    const rendering = renderPage(t, async () => {
      invalidatePageTags(["shop:ze"]); // the poll saw a change the render may have missed
      return html("n", "old");
    });
    expect(await rendering).not.toBeNull();
    expect(cachedPage(t)).toBeUndefined();
    await renderPage(t, async () => html("n", "new"));
    expect(await new Response(pageBody(cachedPage(t)!)).text()).toContain("new");
  });
});

describe("the proxy with the page cache", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it("renders a page once through the server, then answers it with a policy of hashes and 304s", async () => {
    markPageCacheSynced();
    const asked: Request[] = [];
    global.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(new Request(input, init));
      return html("fromrender");
    }) as typeof fetch;
    const first = (await proxy(new NextRequest("http://localhost/barbearia/ze?lng=en", { headers: doc() }))) as NextResponse;
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(asked).toHaveLength(1);
    expect(asked[0].headers.get("cookie")).toBe("lng=en");
    expect(asked[0].headers.get("x-navalha-page-render")).toBe("1");
    expect(new URL(asked[0].url).pathname).toBe("/barbearia/ze");
    expect(first.cookies.get("lng")?.value).toBe("en");
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toContain(`script-src 'self' 'sha256-${sha("self.__next_f=self.__next_f||[]")}'`);
    expect(/script-src [^;]*/.exec(csp)![0]).not.toMatch(/nonce|unsafe-inline|strict-dynamic/);
    expect(csp).toContain("object-src 'none'");

    const second = (await proxy(new NextRequest("http://localhost/barbearia/ze", { headers: doc({ cookie: "lng=en" }) }))) as NextResponse;
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(asked).toHaveLength(1);
    expect(await second.text()).toContain("Barbearia do Zé");
    // Portuguese is its own copy.
    await proxy(new NextRequest("http://localhost/barbearia/ze", { headers: doc() }));
    expect(asked).toHaveLength(2);

    const etag = second.headers.get("etag")!;
    const again = (await proxy(
      new NextRequest("http://localhost/barbearia/ze", { headers: doc({ cookie: "lng=en", "if-none-match": etag }) }),
    )) as NextResponse;
    expect(again.status).toBe(304);
  });
});

describe("the proxy's own render of a page to keep", () => {
  it("gets no nonce (a kept page's scripts are allowed by their hashes)", async () => {
    const res = (await proxy(new NextRequest("http://localhost/barbearia/ze", { headers: doc({ "x-navalha-page-render": "1" }) }))) as NextResponse;
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBeNull();
    expect(res.headers.get("x-page-cache")).toBeNull();
    const visitor = (await proxy(new NextRequest("http://localhost/faq"))) as NextResponse;
    expect(visitor.headers.get("x-middleware-request-content-security-policy")).toMatch(/'nonce-/);
  });
});
