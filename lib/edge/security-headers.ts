// Security headers for every answer, and the Content Security Policy of pages (with a per-request nonce).

const NOSNIFF = { key: "X-Content-Type-Options", value: "nosniff" };
const COMMON_HEADERS: { key: string; value: string }[] = [
  NOSNIFF,
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), payment=(), geolocation=(self)" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// Two years, the HSTS preload list's figure. Browsers ignore it over plain HTTP, so a local
// `npm run demo` on http://127.0.0.1 is not affected; a development server never sends it.
export const HSTS = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };

/** The headers pages and API answers carry (next.config.ts, kept pages); HSTS in production builds only. */
export function securityHeaders(opts: { production: boolean }): { key: string; value: string }[] {
  return opts.production ? [...COMMON_HEADERS, HSTS] : COMMON_HEADERS;
}

/**
 * next.config.ts's header rules. Next's hashed files (/_next/static: scripts, styles, fonts) carry only
 * nosniff, the one header that concerns a script or a style sheet; framing, referrer, permissions, the
 * opener policy and HSTS are the page's business. They were ~290 bytes on each of a page's nine scripts
 * (decision 0033: first-load JS is measured as it crosses the network, headers included).
 */
export function headerRules(opts: { production: boolean }): { source: string; headers: { key: string; value: string }[] }[] {
  return [
    { source: "/_next/static/:path*", headers: [NOSNIFF] },
    { source: "/:path((?!_next/static/).*)", headers: securityHeaders(opts) },
  ];
}

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean; apiOrigin?: string; tileOrigin?: string }): string {
  // 'strict-dynamic' lets Next's nonce'd bootstrap load its chunks; dev needs eval for fast refresh.
  return policy(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`, opts);
}

/**
 * The policy of a page served from the cache (lib/edge/page-cache.ts): its inline scripts by their SHA-256
 * (base64), Next's chunks from this origin. No 'strict-dynamic', which would ignore 'self' and block
 * the page's <script src> tags, which carry no nonce; no 'unsafe-inline'.
 */
export function hashedContentSecurityPolicy(hashes: string[], opts: { apiOrigin?: string; tileOrigin?: string }): string {
  return policy(["script-src 'self'", ...hashes.map((h) => `'sha256-${h}'`)].join(" "), opts);
}

function policy(scriptSrc: string, opts: { dev?: boolean; apiOrigin?: string; tileOrigin?: string }): string {
  const connect = ["'self'", opts.apiOrigin].filter(Boolean).join(" ");
  // The map's tiles (components/map) come from the configured tile server.
  const img = ["'self' data: blob:", opts.tileOrigin].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    scriptSrc,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "font-src 'self'",
    `connect-src ${connect}${opts.dev ? " ws: wss:" : ""}`,
    // The console's service worker (public/sw.js, Web Push alerts): 'strict-dynamic' would refuse it otherwise.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The map's tiles where MAP_TILE_URL is not set (OpenStreetMap's, whose usage policy asks for the attribution shown). */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** The origin of the map's tile URL template (MAP_TILE_URL, "https://tile.example.org/{z}/{x}/{y}.png"). */
export function tileOrigin(template: string | undefined): string | undefined {
  return apiOrigin(template?.replace(/\{[a-z]\}/g, "0"));
}

export function apiOrigin(url: string | undefined): string | undefined {
  if (!url || url.startsWith("/")) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
