import { gunzipSync } from "node:zlib";
import { cachedPageAnswer } from "@/lib/edge/cached-page-answer";
import { markPageCacheSynced, renderPage, resetPageCache } from "@/lib/edge/page-cache";

// What server.mjs sends for a kept page before Next sees the request: the kept gzip as it is.
const env = process.env as Record<string, string | undefined>;
const NODE_ENV = env.NODE_ENV;
const PAGE = `<!DOCTYPE html><html lang="pt-BR"><body><h1>Barbearia do Zé</h1><script>self.__next_f.push([1,"é"])</script></body></html>`;
const browser = (more: Record<string, string> = {}) => new Headers({ accept: "text/html", "accept-encoding": "gzip, deflate, br", ...more });
const url = (path: string) => new URL(path, "http://localhost");
const header = (answer: ReturnType<typeof cachedPageAnswer>, name: string) => answer?.headers.filter(([n]) => n === name).map(([, v]) => v);

beforeEach(async () => {
  env.NODE_ENV = "production";
  resetPageCache();
  markPageCacheSynced();
  const target = { key: "pt-BR /barbearia/ze", tags: ["shop:ze"], path: "/barbearia/ze", search: "" };
  await renderPage(target, async () => new Response(PAGE, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } }));
});
afterAll(() => {
  env.NODE_ENV = NODE_ENV;
});

it("sends a kept page gzipped as kept, with the headers Next would send", () => {
  const answer = cachedPageAnswer("GET", url("/barbearia/ze"), browser());
  expect(answer?.status).toBe(200);
  expect(gunzipSync(answer!.gzip!).toString("utf8")).toBe(PAGE);
  expect(header(answer, "content-encoding")).toEqual(["gzip"]);
  expect(header(answer, "content-length")).toEqual([String(answer!.gzip!.byteLength)]);
  expect(header(answer, "x-page-cache")).toEqual(["hit"]);
  expect(header(answer, "vary")).toEqual(["Cookie, Accept-Language, Accept-Encoding"]);
  expect(header(answer, "content-security-policy")?.[0]).toMatch(/script-src 'self' 'sha256-[^']+'/);
  expect(header(answer, "x-frame-options")).toEqual(["DENY"]);
  expect(header(answer, "strict-transport-security")).toHaveLength(1);
  expect(header(answer, "set-cookie")).toEqual([]);
});

it("answers 304 to a browser that holds the same page", () => {
  const etag = header(cachedPageAnswer("GET", url("/barbearia/ze"), browser()), "etag")![0];
  const answer = cachedPageAnswer("GET", url("/barbearia/ze"), browser({ "if-none-match": etag }));
  expect(answer?.status).toBe(304);
  expect(answer?.gzip).toBeNull();
  expect(header(answer, "content-encoding")).toEqual([]);
});

it("remembers a language chosen with ?lng= and keeps one copy per language", () => {
  // The English copy is not kept: Next renders it.
  expect(cachedPageAnswer("GET", url("/barbearia/ze?lng=en"), browser())).toBeNull();
  const answer = cachedPageAnswer("GET", url("/barbearia/ze?lng=pt-BR&utm_source=whatsapp"), browser({ cookie: "lng=en" }));
  expect(answer?.status).toBe(200);
  expect(header(answer, "set-cookie")?.[0]).toMatch(/^lng=pt-BR; Path=\/; Expires=.+; Max-Age=31536000; SameSite=lax$/);
  // The cookie names the language when the address does not.
  expect(cachedPageAnswer("GET", url("/barbearia/ze"), browser({ cookie: "theme=dark; lng=en" }))).toBeNull();
});

it("leaves to Next what it must answer: no gzip, Next's own requests, other methods and pages, a stale cache", () => {
  expect(cachedPageAnswer("GET", url("/barbearia/ze"), new Headers({ accept: "text/html" }))).toBeNull();
  expect(cachedPageAnswer("GET", url("/barbearia/ze"), browser({ rsc: "1" }))).toBeNull();
  expect(cachedPageAnswer("GET", url("/barbearia/ze"), browser({ "next-router-prefetch": "1" }))).toBeNull();
  expect(cachedPageAnswer("GET", url("/barbearia/ze"), new Headers({ accept: "*/*", "accept-encoding": "gzip" }))).toBeNull();
  expect(cachedPageAnswer("POST", url("/barbearia/ze"), browser())).toBeNull();
  expect(cachedPageAnswer("GET", url("/barbearia/ze/agendar"), browser())).toBeNull();
  // Without a recent poll of the data's versions, a kept page may be stale: Next renders.
  markPageCacheSynced(Date.now() - 60_000);
  expect(cachedPageAnswer("GET", url("/barbearia/ze"), browser())).toBeNull();
});
