// The two servers the page benchmarks measure against each other (issue 15): a bare Next.js page
// (scripts/lighthouse/bare) and the site with a demo database of its own, both built in the same run.
// Used by bench-lighthouse.ts (Lighthouse's figures) and bench-profile.ts (where the main thread's time goes).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";

const SITE_PORT = 3140;
const BARE_PORT = 3141;
const BARE_DIR = path.join(process.cwd(), "scripts/lighthouse/bare");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

export const skipBuild = process.argv.includes("--skip-build");

export function arg(name: string, fallback: string) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

export function buildBoth() {
  console.log("building the bare page and the site…");
  // With webpack: Turbopack takes the repository as the root of any app inside it (its lockfile) and
  // bundled the site's instrumentation.ts (database, schedules) into the bare page, even with a
  // turbopack.root of its own (it then cannot reach node_modules).
  execFileSync("npx", ["next", "build", "--webpack"], { cwd: BARE_DIR, env, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("npx", ["next", "build"], { env, stdio: ["ignore", "ignore", "inherit"] });
}

function start(command: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "ignore", "inherit"], detached: true });
}
function stop(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
async function waitFor(url: string, seconds = 180) {
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

/**
 * Starts both servers, waits for them, hands `measure` the pages (the bare page first) after one unmeasured
 * visit each (a server's first render of a page is not what a visitor meets), and stops them again.
 */
export async function withPages(measure: (pages: [string, string][]) => Promise<void>) {
  const bare = start("npx", ["next", "start", BARE_DIR, "-p", String(BARE_PORT), "-H", "127.0.0.1"]);
  // The site with a demo database of its own (the e2e server: seeds, then next start).
  const site = start("bash", ["scripts/e2e-server.sh", String(SITE_PORT)], { E2E_PGLITE_DIR: "./.data-lighthouse/pglite" });
  try {
    const siteBase = `http://127.0.0.1:${SITE_PORT}`;
    await Promise.all([waitFor(`http://127.0.0.1:${BARE_PORT}/`), waitFor(`${siteBase}/v3/health`)]);
    const list = (await (await fetch(`${siteBase}/v3/client/barbershops-by-name?name=barbearia&limit=1`)).json()) as { items: { slug: string }[] };
    const slug = list.items[0]?.slug;
    if (!slug) throw new Error("the demo has no shop");
    const pages: [string, string][] = [
      [BARE, `http://127.0.0.1:${BARE_PORT}/`],
      ["home", `${siteBase}/`],
      ["city", `${siteBase}/cidade/sao-paulo`],
      ["shop", `${siteBase}/barbearia/${slug}`],
      ["booking", `${siteBase}/barbearia/${slug}/agendar`],
    ];
    for (const [, url] of pages) await fetch(url);
    await measure(pages);
  } finally {
    stop(site);
    stop(bare);
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
