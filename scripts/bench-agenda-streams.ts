// Open agenda streams against /v3/health on one server (docs/benchmarks.md, "Open agenda streams"):
//   npm run bench:agenda:streams -- [--database-url …] [--streams 1000] [--connections 10] [--duration 10]
//
// Starts the built server (NEXT_DIST_DIR .next-agenda) on the agenda benchmark's shop, measures /v3/health with no
// stream open, then opens streams (/v3/staff/shops/{id}/agenda/events) up to half and all of --streams and measures
// again with them open. Memory is the server process's RSS (from /proc) and its V8 heap in use (a diagnostic report,
// asked for with SIGUSR2), at 0, half and all the streams; the per-stream figure is the difference divided by the
// streams. Goal: /v3/health's p99 with every stream open at most 1.2× its p99 without. Exits 1 when it is missed.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { arg, runAutocannon, sleep } from "./load/bench-run";
import { AGENDA_EMAIL, AGENDA_PASSWORD, prepareAgendaShop } from "./load/agenda-shop";
import { ensureBuild, startServer } from "./load/server";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_bench");
const STREAMS = Number(arg("streams", "1000"));
const CONNECTIONS = Number(arg("connections", "10"));
const DURATION = Number(arg("duration", "10"));
const PORT = Number(arg("port", "3482"));
const DIST = arg("dist-dir", ".next-agenda");
const REPORTS = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-streams-"));

/** The server's RSS and V8 heap in use, in MB. */
async function memoryOf(pid: number): Promise<{ rss: number; heap: number }> {
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const before = new Set(fs.readdirSync(REPORTS));
  process.kill(pid, "SIGUSR2");
  for (let n = 0; n < 100; n++) {
    const added = fs.readdirSync(REPORTS).find((f) => !before.has(f) && f.endsWith(".json"));
    if (added) {
      await sleep(200); // the report is written in one go; give it time to land
      const report = JSON.parse(fs.readFileSync(path.join(REPORTS, added), "utf8")) as {
        javascriptHeap: { usedMemory: number };
      };
      return { rss, heap: report.javascriptHeap.usedMemory / 1024 / 1024 };
    }
    await sleep(100);
  }
  throw new Error("no diagnostic report from the server");
}

/** Opens one agenda stream and resolves once its headers are in; the request stays open. */
function openStream(url: string, token: string, agent: http.Agent, open: http.ClientRequest[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream: HTTP ${res.statusCode}`));
      res.on("data", () => {});
      resolve();
    });
    req.on("error", reject);
    open.push(req);
  });
}

async function main() {
  ensureBuild(DIST);
  const server = await startServer({
    port: PORT,
    distDir: DIST,
    env: {
      DATABASE_URL: URL_,
      DATABASE_POOL_MAX: String(CONNECTIONS),
      JWT_SECRET: process.env.JWT_SECRET ?? "bench-agenda-secret-0123456789abcdef0123456789",
      NODE_OPTIONS: `--report-on-signal --report-signal=SIGUSR2 --report-directory=${REPORTS} --report-compact`,
    },
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const open: http.ClientRequest[] = [];
  try {
    const { shopId } = await prepareAgendaShop(URL_);
    const login = await fetch(`${server.url}/v3/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: AGENDA_EMAIL, password: AGENDA_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: HTTP ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const streamUrl = `${server.url}/v3/staff/shops/${shopId}/agenda/events`;
    const pid = server.child.pid!;
    const health = () => runAutocannon({ url: `${server.url}/v3/health`, connections: CONNECTIONS, duration: DURATION });
    await runAutocannon({ url: `${server.url}/v3/health`, connections: CONNECTIONS, duration: 3 });

    const rows: { streams: number; rss: number; heap: number; p99?: number; rps?: number }[] = [];
    const measure = async (streams: number, withHealth: boolean) => {
      const h = withHealth ? await health() : undefined;
      const m = await memoryOf(pid);
      rows.push({ streams, ...m, p99: h?.latency.p99, rps: h?.requests.average });
      console.log(
        `${String(streams).padStart(5)} streams: RSS ${m.rss.toFixed(1)} MB, heap ${m.heap.toFixed(1)} MB` +
          (h ? `; /v3/health ${h.requests.average.toFixed(0)} req/s, p50 ${h.latency.p50} ms, p99 ${h.latency.p99} ms, non-2xx ${h.non2xx}` : ""),
      );
    };
    await measure(0, true);
    for (const target of [Math.floor(STREAMS / 2), STREAMS]) {
      while (open.length < target) {
        const batch = Math.min(50, target - open.length);
        await Promise.all(Array.from({ length: batch }, () => openStream(streamUrl, token, agent, open)));
      }
      await sleep(2_000); // let the opening's garbage go before measuring memory
      await measure(target, target === STREAMS);
    }
    const [zero, half, all] = rows;
    const perStream = (a: number, b: number) => ((b - a) * 1024) / STREAMS;
    console.log(
      `per stream: RSS ${perStream(zero.rss, all.rss).toFixed(1)} KB, heap ${perStream(zero.heap, all.heap).toFixed(1)} KB ` +
        `(0→${half.streams}: RSS ${(((half.rss - zero.rss) * 1024) / half.streams).toFixed(1)} KB, heap ${(((half.heap - zero.heap) * 1024) / half.streams).toFixed(1)} KB)`,
    );
    const ratio = (all.p99 ?? 0) / Math.max(1, zero.p99 ?? 0);
    console.log(
      `/v3/health with ${STREAMS} streams open: p99 ${ratio.toFixed(2)}× (goal ≤ 1.2×), throughput ${(((all.rps ?? 0) / (zero.rps ?? 1)) * 100).toFixed(0)} % of none open`,
    );
    if (ratio > 1.2) process.exitCode = 1;
  } finally {
    for (const req of open) req.destroy();
    agent.destroy();
    await server.stop();
    fs.rmSync(REPORTS, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
