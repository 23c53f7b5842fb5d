import { contentSecurityPolicy, hashedContentSecurityPolicy, headerRules, securityHeaders } from "./security-headers";

const byName = (headers: { key: string; value: string }[]) => Object.fromEntries(headers.map((h) => [h.key.toLowerCase(), h.value]));

describe("security headers", () => {
  it("send Strict-Transport-Security from production builds", () => {
    const production = byName(securityHeaders({ production: true }));
    expect(production["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(production["x-content-type-options"]).toBe("nosniff");
    expect(production["x-frame-options"]).toBe("DENY");
  });

  it("never from a development server (it would pin http://localhost's other apps to HTTPS)", () => {
    expect(byName(securityHeaders({ production: false }))["strict-transport-security"]).toBeUndefined();
  });

  it("give pages a nonce CSP without eval in production", () => {
    const csp = contentSecurityPolicy("abc", { dev: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("let the console register its service worker from this origin ('strict-dynamic' alone would refuse it)", () => {
    for (const csp of [contentSecurityPolicy("abc", { dev: false }), hashedContentSecurityPolicy(["x"], {})]) expect(csp).toContain("worker-src 'self';");
  });
});

describe("header rules", () => {
  it("give Next's hashed files nosniff alone and every other answer the full set", () => {
    const [files, rest] = headerRules({ production: true });
    expect(files).toEqual({ source: "/_next/static/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] });
    expect(rest.headers).toEqual(securityHeaders({ production: true }));
    // The second rule's pattern leaves /_next/static to the first and takes everything else, the root included.
    const pattern = new RegExp(`^/${rest.source.slice("/:path".length)}$`);
    for (const path of ["/", "/barbearia/x", "/v3/health", "/_next/image", "/favicon.svg"]) expect(pattern.test(path)).toBe(true);
    expect(pattern.test("/_next/static/chunks/a.js")).toBe(false);
  });
});
