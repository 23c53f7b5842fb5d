import { contentSecurityPolicy, securityHeaders } from "./security-headers";

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
});
