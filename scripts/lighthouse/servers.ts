// The servers the page benchmarks measure against each other (decision 0033): a bare Next.js page
// (scripts/lighthouse/bare) and the site with a demo database of its own, both built in the same run, and
// the bare page again behind a small proxy that gives it the site's security headers.
// Used by bench-lighthouse.ts (Lighthouse's figures), bench-profile.ts (where the main thread's time goes),
// trace-pages.ts (a page's trace read apart) and bench-opener-policy.ts (the bare page and the browsers alone).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import { TraceMap } from "@jridgewell/trace-mapping";
import * as chromeLauncher from "chrome-launcher";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { inlineScripts, sha256 } from "@/lib/edge/page-cache";
import { hashedContentSecurityPolicy, securityHeaders } from "@/lib/edge/security-headers";
import { arg } from "../load/bench-run";

export { arg };

const SITE_PORT = 3140;
const BARE_PORT = 3141;
const BARE_WITH_HEADERS_PORT = 3142;
const SITE_WITHOUT_OPENER_POLICY_PORT = 3143;
const BARE_DIR = path.join(process.cwd(), "scripts/lighthouse/bare");
// Read when used: bench-profile.ts --by-source sets NEXT_DIST_DIR and NAVALHA_BROWSER_SOURCEMAPS first.
const env = () => ({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" });

export const skipBuild = process.argv.includes("--skip-build");
/**
 * `--without-opener-policy`: the site's pages are measured through a proxy that takes the
 * Cross-Origin-Opener-Policy header off their answers and changes nothing else (decision 0033: what the pages'
 * content costs once the policy's new browsing context group is out of the figure). Not how the site is served.
 */
export const withoutOpenerPolicy = process.argv.includes("--without-opener-policy");

/** Builds the bare page (bench:lighthouse, bench:opener). */
export function buildBare() {
  // With webpack: Turbopack takes the repository as the root of any app inside it (its lockfile) and
  // bundled the site's instrumentation.ts (database, schedules) into the bare page, even with a
  // turbopack.root of its own (it then cannot reach node_modules).
  execFileSync("npx", ["next", "build", "--webpack"], { cwd: BARE_DIR, env: env(), stdio: ["ignore", "ignore", "inherit"] });
}

export function buildBoth() {
  console.log("building the bare page and the site…");
  buildBare();
  execFileSync("npx", ["next", "build"], { env: env(), stdio: ["ignore", "ignore", "inherit"] });
}

/** The Chromium that Lighthouse drives (Debian's, scripts/ensure-chromium.sh), with a new profile of its own. */
export const launchChromium = () =>
  chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });

/**
 * `--one-browser`: every Lighthouse run in one long-lived Chromium. By default each run has a Chromium of its own,
 * launched for it and killed after it, as Lighthouse's command line runs (decision 0065: the goal's measure; in one
 * long-lived browser, later runs meet what earlier ones left in its processes and caches).
 */
export const oneBrowser = process.argv.includes("--one-browser");

/** Runs each Lighthouse pass in a fresh Chromium (or, with `--one-browser`, all in one); `close` when done. */
export async function lighthouseBrowsers() {
  const shared = oneBrowser ? await launchChromium() : undefined;
  return {
    async run<T>(pass: (port: number) => Promise<T>): Promise<T> {
      if (shared) return pass(shared.port);
      const chrome = await launchChromium();
      try {
        return await pass(chrome.port);
      } finally {
        await chrome.kill();
      }
    },
    close: async () => {
      await shared?.kill();
    },
  };
}

function start(command: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, { env: { ...env(), ...extraEnv }, stdio: ["ignore", "ignore", "inherit"], detached: true });
}
/** The bare page's `next start` on `port`; end it with `stop`. */
export const startBare = (port: number) => start("npx", ["next", "start", BARE_DIR, "-p", String(port), "-H", "127.0.0.1"]);
export function stop(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
export async function waitFor(url: string, seconds = 180) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

export const BARE = "bare Next.js page";
export const BARE_WITH_HEADERS = "bare page, site's headers";
/** The site's lightest page (the privacy notice: header, text, footer): what the site's shell costs with
 *  little content of its own. Measured beside the goal's pages, not a goal itself. */
export const SHELL = "site's shell";

/**
 * The bare page as the site would serve it: its documents carry the site's security headers (the opener
 * policy among them) and a Content Security Policy with its inline scripts' hashes, as a cached page's
 * (lib/edge/page-cache.ts). Its content is the bare page's, so the difference from the bare page is what the
 * headers cost the browser, and the difference between it and a page of the site is the page's own: the goal's
 * floor (decision 0065).
 */
// The encodings the bare server may send a document in, to read it and send it again as it came.
const CODECS: Record<string, { decode: (b: Buffer) => Buffer; encode: (b: Buffer) => Buffer }> = {
  identity: { decode: (b) => b, encode: (b) => b },
  gzip: { decode: (b) => gunzipSync(b), encode: (b) => gzipSync(b) },
  br: { decode: (b) => brotliDecompressSync(b), encode: (b) => brotliCompressSync(b) },
};

function bareWithTheSiteHeaders(): Server {
  return createServer((req, res) => {
    const upstream = request({ host: "127.0.0.1", port: BARE_PORT, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const encoding = answer.headers["content-encoding"] ?? "identity";
      const codec = CODECS[encoding];
      if (!String(answer.headers["content-type"]).startsWith("text/html") || !codec) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        const body = Buffer.concat(chunks);
        const html = codec.decode(body).toString("utf8");
        const inline = [...new Set(inlineScripts(html).map(sha256))];
        const sent = codec.encode(Buffer.from(html));
        const headers: Record<string, string | string[] | undefined> = { ...answer.headers, "content-length": String(sent.length) };
        delete headers["transfer-encoding"];
        for (const h of securityHeaders({ production: true })) headers[h.key.toLowerCase()] = h.value;
        headers["content-security-policy"] = hashedContentSecurityPolicy(inline, {});
        res.writeHead(answer.statusCode ?? 200, headers);
        res.end(sent);
      });
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  }).listen(BARE_WITH_HEADERS_PORT, "127.0.0.1");
}

/**
 * A proxy on `port` that passes everything to `upstreamPort` as it came, but lets `edit` change each answer's
 * headers (`html`: the answer is a document). The benchmarks use it to add or take off one header.
 */
export function headerProxy(upstreamPort: number, port: number, edit: (headers: Record<string, string | string[] | undefined>, html: boolean) => void): Server {
  return createServer((req, res) => {
    const upstream = request({ host: "127.0.0.1", port: upstreamPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const headers = { ...answer.headers };
      edit(headers, String(answer.headers["content-type"]).startsWith("text/html"));
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  }).listen(port, "127.0.0.1");
}

/** The site as it answers, less its opener policy (`--without-opener-policy`). */
const siteWithoutTheOpenerPolicy = () =>
  headerProxy(SITE_PORT, SITE_WITHOUT_OPENER_POLICY_PORT, (headers) => {
    delete headers["cross-origin-opener-policy"];
  });

/**
 * Starts the servers, waits for them, hands `measure` the pages (the bare page first) after one unmeasured
 * visit each (a server's first render of a page is not what a visitor meets), and stops them again.
 */
export async function withPages(measure: (pages: [string, string][]) => Promise<void>) {
  const bare = startBare(BARE_PORT);
  // The site with a demo database of its own (the e2e server: seeds, then next start).
  const site = start("bash", ["scripts/e2e-server.sh", String(SITE_PORT)], { E2E_PGLITE_DIR: "./.data-lighthouse/pglite" });
  const withHeaders = bareWithTheSiteHeaders();
  const withoutPolicy = withoutOpenerPolicy ? siteWithoutTheOpenerPolicy() : undefined;
  try {
    const siteBase = `http://127.0.0.1:${withoutOpenerPolicy ? SITE_WITHOUT_OPENER_POLICY_PORT : SITE_PORT}`;
    await Promise.all([waitFor(`http://127.0.0.1:${BARE_PORT}/`), waitFor(`${siteBase}/v3/health`)]);
    const list = (await (await fetch(`${siteBase}/v3/client/barbershops-by-name?name=barbearia&limit=1`)).json()) as { items: { slug: string }[] };
    const slug = list.items[0]?.slug;
    if (!slug) throw new Error("the demo has no shop");
    const pages: [string, string][] = [
      [BARE, `http://127.0.0.1:${BARE_PORT}/`],
      [BARE_WITH_HEADERS, `http://127.0.0.1:${BARE_WITH_HEADERS_PORT}/`],
      [SHELL, `${siteBase}/privacidade`],
      ["home", `${siteBase}/`],
      ["city", `${siteBase}/cidade/sao-paulo`],
      ["shop", `${siteBase}/barbearia/${slug}`],
      ["booking", `${siteBase}/barbearia/${slug}/agendar`],
    ];
    // As a browser asks for a document: the page cache answers only those (lib/edge/page-cache.ts), so the first
    // round meets a page already cached, as every later one does.
    for (const [, url] of pages) await fetch(url, { headers: { accept: "text/html" } });
    await measure(pages);
  } finally {
    withHeaders.close();
    withoutPolicy?.close();
    stop(site);
    stop(bare);
  }
}

/** The build directory that serves a page's files: the site's (NEXT_DIST_DIR, else .next) or the bare page's. */
export function distDirOf(pageUrl: string): string {
  return [String(SITE_PORT), String(SITE_WITHOUT_OPENER_POLICY_PORT)].includes(new URL(pageUrl).port)
    ? path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next")
    : path.join(BARE_DIR, ".next");
}

export { median } from "../load/bench-run";

// A chunk's source map, found by the file's own sourceMappingURL comment (Turbopack and webpack name it apart; the
// site's build has them with NAVALHA_BROWSER_SOURCEMAPS=1), read once per file.
const maps = new Map<string, TraceMap | null>();
export function mapOf(scriptUrl: string, pageUrl: string): TraceMap | null {
  const file = /\/_next\/(static\/.+\.js)$/.exec(new URL(scriptUrl, pageUrl).pathname)?.[1];
  if (!file) return null;
  const js = path.join(distDirOf(pageUrl), file);
  if (!maps.has(js)) {
    const named = existsSync(js) ? /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(js, "utf8"))?.[1] : undefined;
    const map = named ? path.join(path.dirname(js), named) : "";
    maps.set(js, map && existsSync(map) ? new TraceMap(readFileSync(map, "utf8")) : null);
  }
  return maps.get(js)!;
}
