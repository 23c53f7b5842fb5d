// Load test: a realistic mix (home lists, shop pages, free times, guest bookings, logins) for 60 s
// against the production build on PostgreSQL with the 100,000-shop bench data.
//
//   NEXT_DIST_DIR=.next-scale npx next build        # once (the script builds when there is no build)
//   npm run load-test                              # starts `next start` on :3160 against navalha_bench
//   npm run load-test -- --url http://127.0.0.1:3000 --duration 30 --scale 2
//
// Options: --url (use a running server instead of starting one), --port, --duration (s), --warmup
// (s, not counted; default 10), --scale (multiplies the connections per kind), --database-url,
// --dist-dir, --strict (exit 1 when a target is missed). Figures go to stdout and
// bench-results/load-<date>.json.
//
// Closed loop: each connection sends its next request as soon as it has an answer, so the run finds the
// throughput the machine gives, and latency at saturation is mostly queueing (about connections ÷
// throughput). --scale 0.5 halves the concurrency. autocannon's rate option is not used because it sends
// each second's quota in a burst at the top of the second.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { ensureBuild, startServer, type AppServer } from "./load/server";
import { printReport, reportOf } from "./load/stats";
import { prepareWorkload, runMix } from "./load/workload";

export const BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/navalha_bench";
const TARGET_ERROR_RATE_PCT = 0.1;
const TARGET_READ_P99_MS = 200;

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    port: { type: "string", default: "3160" },
    duration: { type: "string", default: "60" },
    warmup: { type: "string", default: "10" },
    scale: { type: "string", default: "1" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? BENCH_DATABASE_URL },
    "dist-dir": { type: "string", default: process.env.NEXT_DIST_DIR ?? ".next-scale" },
    strict: { type: "boolean", default: false },
  },
});

async function main() {
  const databaseUrl = args["database-url"]!;
  const duration = Number(args.duration);
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let server: AppServer | undefined;
  try {
    const [{ shops }] = await sql<{ shops: number }[]>`select count(*)::int as shops from barbershops`;
    console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}: ${shops} shops`);
    const workload = await prepareWorkload(sql);
    console.log(
      `Workload: ${workload.shops.length} shops, ${workload.barbers.length} barbers, ${workload.users} load users, dates ${workload.dates[0]}..${workload.dates.at(-1)}`,
    );

    let url = args.url;
    if (!url) {
      ensureBuild(args["dist-dir"]!);
      server = await startServer({
        port: Number(args.port),
        distDir: args["dist-dir"]!,
        env: { DATABASE_URL: databaseUrl, JWT_SECRET: process.env.JWT_SECRET ?? "load-test-secret-0123456789abcdef0123456789" },
      });
      url = server.url;
      console.log(`Started next start on ${url}`);
    }

    const warmup = Number(args.warmup);
    if (warmup > 0) {
      // A cold server compiles and caches on its first requests: that is not what a visitor meets later.
      console.log(`Warming up for ${warmup} s (not counted)...`);
      await runMix({ url, durationSeconds: warmup, workload, scale: Number(args.scale) });
    }
    const loadBefore = os.loadavg();
    console.log(`Running the mix for ${duration} s (load average before: ${loadBefore.map((n) => n.toFixed(2)).join(" ")})...`);
    const run = await runMix({ url, durationSeconds: duration, workload, scale: Number(args.scale) });
    const seconds = (run.finishedAt - run.startedAt) / 1000;
    const report = reportOf(run.samples, seconds);
    const loadAfter = os.loadavg();

    console.log(`\nClosed loop; connections per kind: ${JSON.stringify(run.connections)}; ${seconds.toFixed(1)} s; ${run.booked.length} bookings created`);
    printReport(report);
    const errorOk = report.overall.error_rate_pct < TARGET_ERROR_RATE_PCT;
    const p99Ok = report.reads.p99_ms < TARGET_READ_P99_MS;
    console.log(`\nLoad average after: ${loadAfter.map((n) => n.toFixed(2)).join(" ")} (${os.cpus().length} CPUs)`);
    console.log(`Error rate ${report.overall.error_rate_pct}% (target < ${TARGET_ERROR_RATE_PCT}%): ${errorOk ? "PASS" : "FAIL"}`);
    console.log(`Read p99 ${report.reads.p99_ms} ms (target < ${TARGET_READ_P99_MS} ms): ${p99Ok ? "PASS" : "FAIL"}`);

    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join("bench-results", `load-${stamp}.json`);
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          url,
          database: new URL(databaseUrl).pathname.slice(1),
          shops,
          duration_s: seconds,
          connections: run.connections,
          machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadavg_before: loadBefore, loadavg_after: loadAfter },
          bookings_created: run.booked.length,
          targets: { error_rate_pct: TARGET_ERROR_RATE_PCT, read_p99_ms: TARGET_READ_P99_MS, error_rate_ok: errorOk, read_p99_ok: p99Ok },
          ...report,
          autocannon: run.autocannon,
        },
        null,
        2,
      ),
    );
    console.log(`Written to ${file}`);
    if (args.strict && !(errorOk && p99Ok)) process.exitCode = 1;
  } finally {
    await server?.stop();
    await sql.end({ timeout: 5 });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
