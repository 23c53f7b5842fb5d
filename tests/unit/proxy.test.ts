import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config, proxy } from "@/proxy";

function run(url: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(url, { headers }));
}

describe("proxy", () => {
  it("passes the language of ?lng= to the page and remembers it in the lng cookie", () => {
    const res = run("http://localhost/faq?lng=es", { "accept-language": "en" });
    expect(res.headers.get("x-middleware-request-x-i18next-current-language")).toBe("es");
    expect(res.cookies.get("lng")?.value).toBe("es");
  });

  it("uses the cookie before Accept-Language, and sets no cookie without ?lng=", () => {
    const res = run("http://localhost/", { cookie: "lng=en", "accept-language": "es" });
    expect(res.headers.get("x-middleware-request-x-i18next-current-language")).toBe("en");
    expect(res.cookies.get("lng")).toBeUndefined();
  });

  it("falls back to pt-BR for an unknown language", () => {
    const res = run("http://localhost/?lng=klingon", { "accept-language": "de" });
    expect(res.headers.get("x-middleware-request-x-i18next-current-language")).toBe("pt-BR");
  });

  it("gives each page a Content Security Policy with a fresh nonce", () => {
    const a = run("http://localhost/").headers.get("content-security-policy") ?? "";
    const b = run("http://localhost/").headers.get("content-security-policy") ?? "";
    expect(a).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(a).toContain("frame-ancestors 'none'");
    expect(a).toContain("object-src 'none'");
    expect(a).not.toBe(b);
  });
});

describe("which paths the proxy runs on (every page gets its CSP)", () => {
  const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}` });

  it.each(["/", "/faq", "/barbearia/x.y", "/barbearia/barbearia-do-ze.2", "/cidade/sao-paulo.sp", "/entrar?next=/x.y", "/v3-ajuda", "/dev/outbox"])("runs on the page %s", (path) => {
    expect(matches(path)).toBe(true);
  });

  it.each(["/v3", "/v3/health", "/v3/client/barbershops/1.json", "/_next/static/chunks/app.js", "/demo/cover-01.svg", "/uploads/a.webp", "/favicon.svg", "/robots.txt", "/sitemap.xml"])(
    "leaves %s alone",
    (path) => {
      expect(matches(path)).toBe(false);
    },
  );
});
