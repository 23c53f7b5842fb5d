// The agenda's day against /v3/health, through HTTP on the production server (docs/benchmarks.md, "Agenda"):
//   npm run bench:agenda -- [--database-url postgres://postgres@127.0.0.1:5432/navalha_bench] [--connections 10] [--duration 8]
//     [--rounds 5] [--changes-per-second 0] [--cpu-prof DIR]
//
// Adds (or finds again) one shop "agenda-bench" to the database given — by default the 100,000-shop one of
// `npm run bench:search:data` — with 12 barbers, 150 bookings on one day and a front-desk member, on the built
// server (NEXT_DIST_DIR .next-agenda, built when missing) started on it, and runs /v3/health and the day's agenda route
// one after the other with the same connections, in rounds; the figures are the medians of the rounds' ratios. Goal
// (the agenda's issue): at least 50 % of /v3/health's throughput, p99 at most 2× its p99. Exits 1 when one is missed.
import { AGENDA_EMAIL as EMAIL, AGENDA_PASSWORD as PASSWORD, prepareAgendaShop } from "./load/agenda-shop";
import postgres from "postgres";
import { arg, type AutocannonResult, type BenchRequest, median, runAutocannon } from "./load/bench-run";
import { ensureBuild, startServer } from "./load/server";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_bench");
const CONNECTIONS = Number(arg("connections", "10"));
const DURATION = Number(arg("duration", "8"));
const ROUNDS = Number(arg("rounds", "5"));
const CHANGES = Number(arg("changes-per-second", "0"));
// --cpu-prof DIR: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
const CPU_PROF = arg("cpu-prof", "");
const PORT = Number(arg("port", "3480"));
const DIST = arg("dist-dir", ".next-agenda");
const line = (name: string, r: AutocannonResult) =>
  `${name} ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;

/** Changes one booking of the day `perSecond` times a second, on a connection of its own, until stopped. */
function startChanges(databaseUrl: string, shopId: number, date: string, perSecond: number) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let count = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await sql`update appointments set notes = ${`nota ${count}`} where id = (
        select id from appointments where barbershop_id = ${shopId} and starts_at >= ${date}::date order by starts_at limit 1)`;
      count++;
      await new Promise((r) => setTimeout(r, 1000 / perSecond));
    }
  })();
  return {
    count: () => count,
    stop: async () => {
      stopped = true;
      await done;
      await sql.end();
    },
  };
}

async function main() {
  ensureBuild(DIST);
  // The server first: it migrates the database when it starts.
  const server = await startServer({
    port: PORT,
    distDir: DIST,
    env: { DATABASE_URL: URL_, DATABASE_POOL_MAX: String(CONNECTIONS), JWT_SECRET: process.env.JWT_SECRET ?? "bench-agenda-secret-0123456789abcdef0123456789" },
    nodeArgs: CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : [],
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
    const agendaRequest = [{ method: "GET", path, setupRequest: (r: BenchRequest) => ({ ...r, headers: { ...r.headers, authorization: `Bearer ${token}` } }) }];
    const measureHealth = (duration: number) => runAutocannon({ url: `${server.url}/v3/health`, connections: CONNECTIONS, duration });
    const measureAgenda = (duration: number) => runAutocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration, requests: agendaRequest });
    // Warm both routes, then measure each alone, in turn, ROUNDS times: the machine's speed drifts, and each pair of
    // runs meets about the same drift.
    await measureHealth(3);
    await measureAgenda(3);
    // With --changes-per-second, a booking of the day changes (its notes) that often while the agenda is read, as
    // the front desk and the clients would change it: each change makes the next read of the day a fresh one.
    const changer = CHANGES > 0 ? startChanges(URL_, shopId, date, CHANGES) : null;
    const rounds: { health: AutocannonResult; agenda: AutocannonResult }[] = [];
    try {
      for (let i = 0; i < ROUNDS; i++) {
        const health = await measureHealth(DURATION);
        const agenda = await measureAgenda(DURATION);
        rounds.push({ health, agenda });
        console.log(`round ${i + 1} of ${ROUNDS}: ${line("/v3/health", health)}; ${line("agenda day", agenda)}`);
      }
    } finally {
      await changer?.stop();
    }
    if (changer) console.log(`${changer.count()} changes of the day during the measure`);
    const throughputs = rounds.map((r) => r.agenda.requests.average / r.health.requests.average).sort((a, b) => a - b);
    const p99s = rounds.map((r) => r.agenda.latency.p99 / Math.max(1, r.health.latency.p99)).sort((a, b) => a - b);
    const throughput = median(throughputs);
    const p99 = median(p99s);
    console.log(
      `agenda day (12 barbers, 150 bookings${CHANGES > 0 ? `, ${CHANGES} changes a second` : ""}): throughput ${(throughput * 100).toFixed(0)} % of /v3/health ` +
        `(goal ≥ 50 %; rounds ${throughputs.map((t) => `${(t * 100).toFixed(0)} %`).join(", ")}), p99 ${p99.toFixed(2)}× (goal ≤ 2×; rounds ${p99s.map((x) => `${x.toFixed(2)}×`).join(", ")}); medians of ${ROUNDS}`,
    );
    if (throughput < 0.5 || p99 > 2 || rounds.some((r) => r.agenda.non2xx > 0)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
