import type { NextConfig } from "next";
import { headerRules } from "./lib/edge/security-headers";

const nextConfig: NextConfig = {
  // Lets several builds or dev servers share one checkout (tests, benchmarks).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // A checkout whose node_modules is a link to another checkout's builds with NEXT_TURBOPACK_ROOT set to a folder
  // that holds both (Turbopack resolves nothing outside its root).
  ...(process.env.NEXT_TURBOPACK_ROOT ? { turbopack: { root: process.env.NEXT_TURBOPACK_ROOT } } : {}),
  poweredByHeader: false,
  // `npm test` type-checks the whole tree in its static checks just before it builds, and says so with
  // NAVALHA_TYPES_CHECKED=1: the build does not check the same files again (about 19 s). Any other build checks them.
  typescript: { ignoreBuildErrors: process.env.NAVALHA_TYPES_CHECKED === "1" },
  // Only for `bench:profile --by-source` (its own build directory): the browser's files with their source maps,
  // so that a CPU profile's samples can be put down to React, Next, the bundler or the site's own code.
  productionBrowserSourceMaps: process.env.NAVALHA_BROWSER_SOURCEMAPS === "1",
  // Dev servers are reached as 127.0.0.1 by the test browser.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "postgres", "nodemailer", "mjml"],
  images: { unoptimized: true },
  // Metadata (title, canonical, og tags) in <head> for every reader, not streamed into <body> for browsers:
  // a title in <body> is invalid HTML, and link previews and crawlers that are not on Next's bot list
  // would miss it (docs/decisions/0018-metadata-in-head.md).
  htmlLimitedBots: /.*/,
  // What Next keeps of its cached routes (the preview cards, made on first ask) stays in memory, at most
  // 50 MB, least used first out: on disk it was one file per address asked, kept for good, so a made-up
  // shop or city name in a URL wrote a file that nothing removed.
  experimental: { isrFlushToDisk: false },
  // Browsers and crawlers that ask for /favicon.ico without reading the page's <link rel="icon"> get the
  // mark as a 48 px PNG (lib/brand/app-icons.ts) instead of the not-found page.
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/icons/favicon-48.png" }];
  },
  async headers() {
    return headerRules({ production: process.env.NODE_ENV === "production" });
  },
};

export default nextConfig;
