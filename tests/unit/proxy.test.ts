import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

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
