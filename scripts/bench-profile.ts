// Where the main thread's time goes (decision 0033): a CPU profile of each page as it opens — home,
// city, shop and booking against a bare Next.js page built and measured in the same run (and against that
// page again with the site's security headers, and beside the site's lightest page, its shell;
// scripts/lighthouse/servers.ts) — split into the
// time the page's scripts run (V8's samples in a script, garbage collection included) and the browser's own
// work (V8's "(program)": the thread busy outside JavaScript — parsing the document, style, layout, paint,
// pictures). Chromium with 4× CPU slowdown, Lighthouse's phone viewport, from the start of the navigation
// to 3 s after the load event; --runs rounds that visit every page in turn (the machine's speed drifts: each
// page meets the same drift); medians, and each figure as a ratio to the bare page's.
//
//   npm run bench:profile        # builds both, seeds a demo database of its own, profiles
//   npx tsx --conditions=react-server scripts/bench-profile.ts [--runs 5] [--skip-build] [--traced]
//
// Lighthouse's main-thread figure (bench:lighthouse) is the goal's measure; this one says what the time is.
// --traced profiles every load a second time while Chromium records Lighthouse's own trace categories, which
// shows what recording that trace costs each page.
// --by-source builds both with their browser files' source maps (the site in .next-profile, so a deployable
// .next never carries them) and puts each script sample down to where its code comes from: the bundler's
// runtime (loading and starting modules), React DOM (rendering, hydrating, committing), React's reader of the
// server's payload, the rest of React, Next's client, other packages, the site's own code, or the browser's
// built-ins called from a script.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium, type CDPSession } from "@playwright/test";
import TraceGatherer from "lighthouse/core/gather/gatherers/trace.js";
import { arg, BARE, buildBoth, mapOf, median, skipBuild, withPages } from "./lighthouse/servers";

const runs = Number(arg("runs", "5"));
const modes = process.argv.includes("--traced") ? ["untraced", "traced"] : ["untraced"];
const bySource = process.argv.includes("--by-source");
// Lighthouse's categories less its three "rundown" ones, which stall a trace started from a page's own
// DevTools session (Lighthouse starts its trace from the browser's).
const traceCategories = TraceGatherer.getDefaultTraceCategories().filter((c) => c !== "-*" && !c.includes("rundown"));

async function startTrace(cdp: CDPSession): Promise<() => Promise<void>> {
  cdp.on("Tracing.dataCollected", () => {}); // the events are not what is measured; recording them is
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: traceCategories }, transferMode: "ReportEvents" });
  return async () => {
    await cdp.send("Tracing.end");
    await complete;
  };
}

type CallFrame = { url: string; functionName: string; lineNumber: number; columnNumber: number };
type Profile = { nodes: { id: number; callFrame: CallFrame }[]; samples: number[]; timeDeltas: number[] };
type Split = { scripts: number; browser: number; files: Map<string, number>; sources: Map<string, number> };

/** Where a script's code comes from, in the order the figures are printed. */
const SOURCES = [
  "bundler runtime",
  "React DOM",
  "server payload reader",
  "React, scheduler",
  "Next's client",
  "other packages",
  "the site's code",
  "the document's inline scripts",
  "browser built-ins",
  "unmapped",
] as const;
type Source = (typeof SOURCES)[number];

// A source's path as the maps give it: Turbopack's "turbopack:///[project]/components/…" and
// "…/[project]/node_modules/next/src/client/…"; webpack's (the bare page) "webpack://_N_E/./app/page.tsx" and, for
// Next's own files, "webpack://_N_E/../../../src/client/…" (its package's maps point at its sources).
function sourceKind(original: string): Source {
  if (/\[turbopack\]|webpack\/(bootstrap|runtime)|^webpack:\/\/_N_E\/(\?|ignored\|)/.test(original)) return "bundler runtime";
  const pkg = /node_modules\/(.+)$/.exec(original)?.[1];
  if (!pkg) return /(^|\/)src\/(client|shared|lib|build|server)\//.test(original) ? "Next's client" : "the site's code";
  if (/react-dom\//.test(pkg)) return "React DOM";
  if (/react-server-dom-/.test(pkg)) return "server payload reader";
  if (/(^|\/)(react|scheduler)\//.test(pkg)) return "React, scheduler";
  if (pkg.startsWith("next/")) return "Next's client";
  return "other packages";
}

function sourceOf(frame: CallFrame, pageUrl: string): Source {
  if (!frame.url) return "browser built-ins";
  if (frame.url === pageUrl) return "the document's inline scripts";
  const map = mapOf(frame.url, pageUrl);
  const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source : null;
  return original ? sourceKind(original) : "unmapped";
}

function split(profile: Profile, pageUrl: string): Split {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out: Split = { scripts: 0, browser: 0, files: new Map(), sources: new Map() };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = nodes.get(id)!;
    if (frame.functionName === "(idle)" || frame.functionName === "(root)") return;
    if (frame.functionName === "(program)") {
      out.browser += ms;
      return;
    }
    out.scripts += ms;
    const file = frame.url === pageUrl ? "the document's inline scripts" : frame.url ? frame.url.replace(/^.*\//, "") : frame.functionName;
    out.files.set(file, (out.files.get(file) ?? 0) + ms);
    if (bySource) {
      const source = frame.functionName === "(garbage collector)" ? "browser built-ins" : sourceOf(frame, pageUrl);
      out.sources.set(source, (out.sources.get(source) ?? 0) + ms);
    }
  });
  return out;
}

async function main() {
  if (bySource) {
    process.env.NEXT_DIST_DIR = ".next-profile";
    process.env.NAVALHA_BROWSER_SOURCEMAPS = "1";
  }
  if (!skipBuild) buildBoth();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    await withPages(async (pages) => {
      const key = (mode: string, name: string) => `${mode} ${name}`;
      const results = new Map<string, Split[]>(modes.flatMap((mode) => pages.map(([name]) => [key(mode, name), []] as [string, Split[]])));
      for (let i = 0; i < runs; i++) {
        for (const mode of modes) {
          for (const [name, url] of pages) {
            // A fresh context each time: no cache, no cookies, as a first visit.
            const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
            const page = await context.newPage();
            const cdp = await context.newCDPSession(page);
            await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
            const endTrace = mode === "traced" ? await startTrace(cdp) : undefined;
            await cdp.send("Profiler.enable");
            await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
            await cdp.send("Profiler.start");
            await page.goto(url, { waitUntil: "load" });
            await page.waitForTimeout(3000);
            const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
            await endTrace?.();
            await context.close();
            results.get(key(mode, name))!.push(split(profile, url));
          }
        }
        const busy = (mode: string, name: string) => {
          const last = results.get(key(mode, name))!.at(-1)!;
          return Math.round(last.scripts + last.browser);
        };
        console.log(`round ${i + 1} of ${runs}: ` + pages.map(([name]) => `${name} ${modes.map((mode) => busy(mode, name)).join("/")} ms`).join(", "));
      }
      const figure = (mode: string, name: string) => {
        const each = results.get(key(mode, name))!;
        const files = new Map<string, number>();
        for (const s of each) for (const [f, ms] of s.files) files.set(f, (files.get(f) ?? 0) + ms / each.length);
        return {
          busy: median(each.map((s) => s.scripts + s.browser)),
          scripts: median(each.map((s) => s.scripts)),
          browser: median(each.map((s) => s.browser)),
          top: [...files].sort((a, b) => b[1] - a[1]).slice(0, 3),
          sources: new Map(SOURCES.map((source) => [source, median(each.map((s) => s.sources.get(source) ?? 0))])),
        };
      };
      const ratio = (a: number, b: number) => `${(a / Math.max(1, b)).toFixed(2)}×`;
      for (const mode of modes) {
        const floor = figure(mode, BARE);
        console.log(
          `\n${mode === "traced" ? "recording Lighthouse's trace" : "no trace"}; medians of ${runs}, 4× CPU slowdown (${new Date().toISOString().slice(0, 10)}):`,
        );
        for (const [name] of pages) {
          const f = figure(mode, name);
          console.log(
            `${name.padEnd(18)} busy ${Math.round(f.busy)} ms (${ratio(f.busy, floor.busy)}): its scripts ${Math.round(f.scripts)} ms (${ratio(f.scripts, floor.scripts)}), ` +
              `the browser's own work ${Math.round(f.browser)} ms (${ratio(f.browser, floor.browser)}); costliest scripts: ${f.top.map(([file, ms]) => `${file} ${Math.round(ms)} ms`).join(", ")}`,
          );
        }
        if (bySource) {
          // Medians of each source apart (they need not add up to the scripts' median), ms and against the bare page's.
          console.log(`\nthe scripts' time by where the code comes from (medians, ms; × the bare page's):`);
          console.log(["page", ...SOURCES].join(" | "));
          for (const [name] of pages) {
            const f = figure(mode, name);
            console.log(
              [
                name,
                ...SOURCES.map((source) => {
                  const ms = f.sources.get(source)!;
                  const bare = floor.sources.get(source)!;
                  return name === BARE || bare < 1 ? `${Math.round(ms)}` : `${Math.round(ms)} (${(ms / bare).toFixed(1)}×)`;
                }),
              ].join(" | "),
            );
          }
        }
      }
    });
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
