// Where a page's main-thread work goes, one Lighthouse trace at a time (decision 0065): the pages of
// bench:lighthouse (scripts/lighthouse/servers.ts), each loaded by Lighthouse (mobile, simulated throttling) in a
// fresh Chromium that also records V8's CPU profile, and its trace read apart:
//
// - Lighthouse's groups (the mainthread-work-breakdown audit's) and the trace events that take the most self time;
// - each script file's evaluation, compilation and the rest (the bootup-time audit's attribution);
// - the longest tasks, what they are made of and whose file they are put down to;
// - the functions the CPU profile finds running most, with their file; with source maps
//   (`bench:profile --by-source`'s build in .next-profile: NEXT_DIST_DIR=.next-profile) by the original source file,
//   which names the site's components.
//
// Times are Lighthouse's: the unthrottled trace's multiplied by its 4× CPU slowdown. Each trace is written to
// bench-results/trace-<page>.json, which Chromium's DevTools (Performance panel) opens.
//
//   npx tsx --conditions=react-server scripts/trace-pages.ts [--pages shop,booking] [--runs 1] [--skip-build]
//   npx tsx --conditions=react-server scripts/trace-pages.ts --read bench-results/trace-shop.json --url <the page's address>
import { mkdirSync, writeFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import lighthouse from "lighthouse";
import { CpuProfileModel } from "lighthouse/core/lib/tracehouse/cpu-profile-model.js";
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import { arg, BARE_WITH_HEADERS, buildBoth, lighthouseBrowsers, mapOf, skipBuild, withPages } from "./lighthouse/servers";

const runs = Number(arg("runs", "1"));
const wanted = arg("pages", "shop,booking").split(",");
const SLOWDOWN = 4;

type Trace = Parameters<typeof TraceProcessor.processTrace>[0];
type Task = ReturnType<typeof MainThreadTasks.getMainThreadTasks>[number];

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${Math.round(v)} ms`);
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/_next\/static\/chunks\//, "") || "/";

function read(trace: Trace, pageUrl: string) {
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd);
  const groups = new Map<string, number>();
  const events = new Map<string, number>();
  const files = new Map<string, Map<string, number>>();
  let total = 0;
  const walk = (t: Task) => {
    const ms = t.selfTime * SLOWDOWN;
    total += ms;
    add(groups, t.group.label, ms);
    add(events, t.event.name, ms);
    // As bootup-time does: the last URL the task can be put down to (the script that set it running).
    const url = t.attributableURLs.at(-1);
    const file = url ? (url === pageUrl ? "the document" : short(url)) : "(none)";
    if (!files.has(file)) files.set(file, new Map());
    add(files.get(file)!, t.group.id, ms);
    t.children.forEach(walk);
  };
  const topLevel = tasks.filter((t) => !t.parent);
  topLevel.forEach(walk);
  const long = [...topLevel]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 6)
    .map((t) => {
      const inside = new Map<string, number>();
      const sum = (c: Task) => {
        add(inside, c.event.name, c.selfTime * SLOWDOWN);
        c.children.forEach(sum);
      };
      sum(t);
      const url = t.attributableURLs.at(-1);
      return `${Math.round(t.duration * SLOWDOWN)} ms at ${Math.round(t.startTime)} ms (${url ? (url === pageUrl ? "the document" : short(url)) : "no file"}): ${top(inside, 4).join(", ")}`;
    });
  // The CPU profile: self time by function and by original source file (when a map names it). Only the page's own
  // main thread, and only its samples inside the tasks counted above (the profiler also samples Chromium's own pages).
  // (Chromium profiles the renderer the trace began in: a page with an opener policy is drawn by a new one, whose
  // samples are then not in the trace. bench:profile --by-source profiles the page's own renderer.)
  const main = processed.mainThreadEvents.find((e: { ts: number }) => e.ts > 0) ?? processed.mainThreadEvents[0];
  const spans = topLevel.map((t) => [t.event.ts, t.event.ts + t.duration * 1000] as const).sort((a, b) => a[0] - b[0]);
  const inTask = (ts: number) => {
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid][1] < ts) lo = mid + 1;
      else if (spans[mid][0] > ts) hi = mid - 1;
      else return true;
    }
    return false;
  };
  const functions = new Map<string, number>();
  const sources = new Map<string, number>();
  let sampled = 0;
  type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
  type Profile = { pid: number; tid: number; startTime: number; nodes: { id: number; callFrame: Frame }[]; samples: number[]; timeDeltas: number[] };
  for (const profile of CpuProfileModel.collectProfileEvents(trace.traceEvents) as Profile[]) {
    if (profile.pid !== main.pid || profile.tid !== main.tid) continue;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    let ts = profile.startTime;
    profile.samples.forEach((id, i) => {
      ts += profile.timeDeltas[i] ?? 0;
      const frame = nodes.get(id);
      // A sample stands for the time until the next one (at most 10 ms: the profiler's gaps are not work).
      const ms = (Math.min(profile.timeDeltas[i + 1] ?? 0, 10_000) / 1000) * SLOWDOWN;
      if (!frame || ["(idle)", "(root)", "(program)"].includes(frame.functionName) || !inTask(ts)) return;
      sampled += ms;
      const where = frame.url ? (frame.url === pageUrl ? "the document" : short(frame.url)) : "";
      add(functions, `${frame.functionName || "(anonymous)"}${where ? ` ${where}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ""}`, ms);
      if (!frame.url || frame.url === pageUrl) return add(sources, frame.url ? "the document's inline scripts" : frame.functionName, ms);
      const map = mapOf(frame.url, pageUrl);
      const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source : null;
      add(sources, original ? original.replace(/^.*\[project\]\//, "").replace(/^webpack:\/\/_N_E\//, "") : `${short(frame.url)} (no map)`, ms);
    });
  }
  return { total, groups, events, files, long, functions, sources, sampled };
}

function print(name: string, url: string, file: string, trace: Trace, lighthouseMs?: number) {
  const r = read(trace, url);
  console.log(
    `\n${name} (${url}): main thread ${lighthouseMs === undefined ? "" : `${lighthouseMs} ms by Lighthouse, `}${Math.round(r.total)} ms in the trace's tasks; ${file}`,
  );
  console.log(`  groups: ${top(r.groups, 7).join(", ")}`);
  console.log(`  events: ${top(r.events, 12).join(", ")}`);
  console.log(`  by file (evaluation / compilation / style and layout / the rest):`);
  const byFile = [...r.files].map(([f, g]) => [f, [...g.values()].reduce((a, b) => a + b, 0), g] as const).sort((a, b) => b[1] - a[1]);
  for (const [f, sum, g] of byFile.slice(0, 10)) {
    const ev = g.get("scriptEvaluation") ?? 0;
    const pc = g.get("scriptParseCompile") ?? 0;
    const sl = g.get("styleLayout") ?? 0;
    console.log(`    ${f.padEnd(28)} ${Math.round(sum)} ms: ${Math.round(ev)} / ${Math.round(pc)} / ${Math.round(sl)} / ${Math.round(sum - ev - pc - sl)}`);
  }
  console.log(`  longest tasks:`);
  for (const l of r.long) console.log(`    ${l}`);
  if (r.sampled === 0) return console.log(`  no CPU profile of the page's renderer in the trace`);
  console.log(`  CPU profile, ${Math.round(r.sampled)} ms in scripts; by function: ${top(r.functions, 12).join(", ")}`);
  console.log(`  by source: ${top(r.sources, 20).join(", ")}`);
}

async function main() {
  // `--read bench-results/trace-shop.json --url <the page's address>`: a trace written before, read again (with the
  // source maps of the build that served it).
  const saved = arg("read", "");
  if (saved) return print(path.basename(saved), arg("url", ""), saved, JSON.parse(readFileSync(saved, "utf8")) as Trace);
  if (!skipBuild) buildBoth();
  mkdirSync("bench-results", { recursive: true });
  const browsers = await lighthouseBrowsers();
  try {
    await withPages(async (pages) => {
      for (const [name, url] of pages.filter(([name]) => name === BARE_WITH_HEADERS || wanted.includes(name))) {
        for (let i = 0; i < runs; i++) {
          const result = await browsers.run((port) =>
            lighthouse(url, {
              port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance"],
              additionalTraceCategories: "disabled-by-default-v8.cpu_profiler",
            }),
          );
          if (!result || result.lhr.runtimeError) throw new Error(`no trace for ${url}: ${result?.lhr.runtimeError?.code ?? "no result"}`);
          const trace = result.artifacts.Trace;
          const file = `bench-results/trace-${name.replace(/\W+/g, "-")}${runs > 1 ? `-${i + 1}` : ""}.json`;
          writeFileSync(file, JSON.stringify(trace));
          print(`${name}, run ${i + 1}`, url, file, trace, Math.round(result.lhr.audits["mainthread-work-breakdown"]?.numericValue ?? 0));
        }
      }
    });
  } finally {
    await browsers.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
