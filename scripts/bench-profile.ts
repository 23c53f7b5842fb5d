// Where the main thread's time goes (issue 15, point 2): a CPU profile of each page as it opens — home,
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
import { chromium, type CDPSession } from "@playwright/test";
import TraceGatherer from "lighthouse/core/gather/gatherers/trace.js";
import { arg, BARE, buildBoth, median, skipBuild, withPages } from "./lighthouse/servers";

const runs = Number(arg("runs", "5"));
const modes = process.argv.includes("--traced") ? ["untraced", "traced"] : ["untraced"];
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

type Profile = { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples: number[]; timeDeltas: number[] };
type Split = { scripts: number; browser: number; files: Map<string, number> };

function split(profile: Profile, pageUrl: string): Split {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out: Split = { scripts: 0, browser: 0, files: new Map() };
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
  });
  return out;
}

async function main() {
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
        };
      };
      const ratio = (a: number, b: number) => `${(a / Math.max(1, b)).toFixed(2)}×`;
      for (const mode of modes) {
        const floor = figure(mode, BARE);
        console.log(`\n${mode === "traced" ? "recording Lighthouse's trace" : "no trace"}; medians of ${runs}, 4× CPU slowdown (${new Date().toISOString().slice(0, 10)}):`);
        for (const [name] of pages) {
          const f = figure(mode, name);
          console.log(
            `${name.padEnd(18)} busy ${Math.round(f.busy)} ms (${ratio(f.busy, floor.busy)}): its scripts ${Math.round(f.scripts)} ms (${ratio(f.scripts, floor.scripts)}), ` +
              `the browser's own work ${Math.round(f.browser)} ms (${ratio(f.browser, floor.browser)}); costliest scripts: ${f.top.map(([file, ms]) => `${file} ${Math.round(ms)} ms`).join(", ")}`,
          );
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
