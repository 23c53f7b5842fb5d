// The agenda's day against /v3/health, through HTTP on the production server (docs/benchmarks.md, "Agenda"):
//   npm run bench:agenda -- [--database-url postgres://postgres@127.0.0.1:5432/navalha_bench] [--connections 10] [--duration 20]
//
// Adds (or finds again) one shop "agenda-bench" to the database given — by default the 100,000-shop one of
// `npm run bench:search:data` — with 12 barbers, 150 bookings on one day and a front-desk member, on the built
// server (NEXT_DIST_DIR .next-agenda, built when missing) started on it, and runs /v3/health and the day's agenda route one
// after the other with the same connections. Goal (the agenda's issue): at least 50 % of /v3/health's throughput,
// p99 at most 2× its p99. Exits 1 when a goal is missed.
import { AGENDA_EMAIL as EMAIL, AGENDA_PASSWORD as PASSWORD, prepareAgendaShop } from "./load/agenda-shop";
import { arg, runAutocannon } from "./load/bench-run";
import { ensureBuild, startServer } from "./load/server";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_bench");
const CONNECTIONS = Number(arg("connections", "10"));
const DURATION = Number(arg("duration", "20"));
const PORT = Number(arg("port", "3480"));
const DIST = arg("dist-dir", ".next-agenda");
async function main() {
  ensureBuild(DIST);
  // The server first: it migrates the database when it starts.
  const server = await startServer({
    port: PORT,
    distDir: DIST,
    env: { DATABASE_URL: URL_, DATABASE_POOL_MAX: String(CONNECTIONS), JWT_SECRET: process.env.JWT_SECRET ?? "bench-agenda-secret-0123456789abcdef0123456789" },
  });
  try {
    const { shopId, date } = await prepareAgendaShop(URL_);
    const login = await fetch(`${server.url}/v3/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: EMAIL, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: HTTP ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const path = `/v3/staff/shops/${shopId}/agenda?date=${date}`;
    const check = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await check.json()) as { columns: unknown[]; bookings: unknown[] };
    if (!check.ok || body.columns.length !== 12 || body.bookings.length !== 150)
      throw new Error(`the agenda answered ${check.status} with ${body.columns?.length} columns and ${body.bookings?.length} bookings`);
    // Warm both routes, then measure each alone.
    await runAutocannon({ url: `${server.url}/v3/health`, connections: CONNECTIONS, duration: 3 });
    await runAutocannon({
      url: `${server.url}${path}`,
      connections: CONNECTIONS,
      duration: 3,
      requests: [{ method: "GET", path, setupRequest: (r) => ({ ...r, headers: { ...r.headers, authorization: `Bearer ${token}` } }) }],
    });
    const health = await runAutocannon({ url: `${server.url}/v3/health`, connections: CONNECTIONS, duration: DURATION });
    const agenda = await runAutocannon({
      url: `${server.url}${path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ method: "GET", path, setupRequest: (r) => ({ ...r, headers: { ...r.headers, authorization: `Bearer ${token}` } }) }],
    });
    const line = (name: string, r: typeof health) =>
      `${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
    console.log(line("/v3/health", health));
    console.log(line("agenda day (12 barbers, 150 bookings)", agenda));
    const throughput = agenda.requests.average / health.requests.average;
    const p99 = agenda.latency.p99 / Math.max(1, health.latency.p99);
    console.log(`throughput ${(throughput * 100).toFixed(0)} % of /v3/health (goal ≥ 50 %), p99 ${p99.toFixed(2)}× (goal ≤ 2×)`);
    if (throughput < 0.5 || p99 > 2 || agenda.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
