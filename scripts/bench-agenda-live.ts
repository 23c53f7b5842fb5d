// A booking on an open agenda, across two app servers under load (docs/benchmarks.md, "Live agenda"):
//   npm run bench:agenda:live -- [--database-url …] [--duration 30] [--every 300] [--scale 0.5]
//
// Starts two built servers (NEXT_DIST_DIR .next-agenda) on one PostgreSQL database, opens the front desk's agenda
// stream (/v3/staff/shops/{id}/agenda/events) on each, runs the load test's mix (home lists, shop pages, free times,
// guest bookings, logins) against both, and meanwhile books a walk-in on the agenda benchmark's shop every --every
// ms, on the two servers in turn. Each booking's delay is from its answer reaching the front desk that made it to
// its change event reaching the other server's stream (negative when the event came first). The floor, measured in
// the same run under the same load, is /v3/health's latency on the booking's server. Goal: p95 ≤ 1 s. Exits 1 when it
// is missed or a booking's event never comes.
import http from "node:http";
import os from "node:os";
import postgres from "postgres";
import { fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import { AGENDA_EMAIL, AGENDA_PASSWORD, prepareAgendaShop, TZ } from "./load/agenda-shop";
import { arg, percentile, sleep } from "./load/bench-run";
import { ensureBuild, startServer } from "./load/server";
import { prepareWorkload, runMix } from "./load/workload";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_bench");
const DURATION = Number(arg("duration", "30"));
const EVERY = Number(arg("every", "300"));
const SCALE = Number(arg("scale", "0.5"));
const PORTS = [Number(arg("port", "3484")), Number(arg("port", "3484")) + 1];
const DIST = arg("dist-dir", ".next-agenda");
const GOAL_P95_MS = 1000;
/** How long an event may take before its booking counts as never seen. */
const LOST_AFTER_MS = 10_000;

type Stream = { seen: Map<number, number>; close: () => void };

/** Opens the agenda stream and notes when each booking's "created" change arrives (by booking id). */
function openStream(url: string, token: string): Promise<Stream> {
  const seen = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: HTTP ${res.statusCode}`));
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: change$/m.test(event)) continue;
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (!data) continue;
          const change = JSON.parse(data) as { kind: string; booking_id: number | null };
          if (change.booking_id !== null && !seen.has(change.booking_id)) seen.set(change.booking_id, at);
        }
      });
      resolve({ seen, close: () => req.destroy() });
    });
    req.on("error", reject);
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/v3/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.200" },
    body: JSON.stringify({ login: AGENDA_EMAIL, password: AGENDA_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login on ${base}: HTTP ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function main() {
  ensureBuild(DIST);
  const env = {
    DATABASE_URL: URL_,
    JWT_SECRET: process.env.JWT_SECRET ?? "bench-agenda-secret-0123456789abcdef0123456789",
  };
  const servers = await Promise.all(PORTS.map((port) => startServer({ port, distDir: DIST, env })));
  const sql = postgres(URL_, { max: 2, onnotice: () => {} });
  const streams: Stream[] = [];
  try {
    const { shopId } = await prepareAgendaShop(URL_);
    // The free half-hours of the shop's days from the day after tomorrow: each probe books one of its own.
    const [{ barbers, service }] = await sql<{ barbers: number[]; service: number }[]>`
      select array_agg(b.id order by b.id) as barbers, (select min(id) from services where barbershop_id = ${shopId}) as service
      from barbers b where b.barbershop_id = ${shopId}`;
    await sql`insert into barber_services (barber_id, service_id) select unnest(${barbers}::int[]), ${service} on conflict do nothing`;
    await sql`delete from appointments where barbershop_id = ${shopId} and starts_at > now() + interval '36 hours'`;
    const slots: { barber: number; date: string; hour: string }[] = [];
    for (let day = 2; day < 12; day++) {
      const date = toWallClock(new Date(Date.now() + day * 86_400_000), TZ).date;
      for (let minute = 8 * 60; minute < 20 * 60; minute += 30) {
        if (!fromWallClock(date, minute, TZ)) continue;
        const hour = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
        for (const barber of barbers) slots.push({ barber, date, hour });
      }
    }
    const tokens = await Promise.all(servers.map((s) => signIn(s.url)));
    for (const [i, s] of servers.entries()) streams.push(await openStream(`${s.url}/v3/staff/shops/${shopId}/agenda/events`, tokens[i]));
    const workload = await prepareWorkload(sql);
    console.log(`Two servers on ${new URL(URL_).pathname.slice(1)}; agenda shop ${shopId}; mix scale ${SCALE} on each; a booking every ${EVERY} ms`);
    console.log(
      `Load average before: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
    );

    const mixes = servers.map((s) => runMix({ url: s.url, durationSeconds: DURATION, workload, scale: SCALE }));
    const probes: { id: number; server: number; answeredAt: number }[] = [];
    const health: number[] = [];
    const failures: string[] = [];
    const until = performance.now() + DURATION * 1000;
    let n = 0;
    while (performance.now() < until && n < slots.length) {
      const slot = slots[n];
      const server = n % 2;
      const base = servers[server].url;
      n++;
      const h0 = performance.now();
      await fetch(`${base}/v3/health`);
      health.push(performance.now() - h0);
      const res = await fetch(`${base}/v3/staff/shops/${shopId}/agenda/bookings`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${tokens[server]}`,
          "idempotency-key": `agenda-live-${Date.now()}-${n}`,
          "x-forwarded-for": "198.51.100.200",
        },
        body: JSON.stringify({
          barber_id: slot.barber,
          date: slot.date,
          start_hour: slot.hour,
          services: [service],
          client: { name: `Cliente Ao Vivo ${n}`, phone: `(11) 9${String(8000_0000 + n).slice(0, 4)}-${String(8000_0000 + n).slice(4)}` },
        }),
      });
      const answeredAt = performance.now();
      if (res.status !== 201 && res.status !== 200) {
        failures.push(`booking ${n}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      } else {
        const { booking } = (await res.json()) as { booking: { id: number } };
        probes.push({ id: booking.id, server, answeredAt });
      }
      await sleep(Math.max(0, EVERY - (performance.now() - h0)));
    }
    const mixed = await Promise.all(mixes);
    await sleep(Math.min(LOST_AFTER_MS, 2_000));

    const delays: number[] = [];
    const lost: number[] = [];
    for (const p of probes) {
      const at = streams[1 - p.server].seen.get(p.id);
      if (at === undefined || at - p.answeredAt > LOST_AFTER_MS) lost.push(p.id);
      else delays.push(at - p.answeredAt);
    }
    delays.sort((a, b) => a - b);
    health.sort((a, b) => a - b);
    const p = (xs: number[], q: number) => (xs.length ? percentile(xs, q).toFixed(0) : "–");
    console.log(
      `Load average after: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")} (${os.cpus().length} CPUs)`,
    );
    const requests = mixed.reduce((sum, m) => sum + m.samples.length, 0);
    console.log(`The mix: ${requests} requests on the two servers (${(requests / DURATION).toFixed(0)}/s)`);
    console.log(`Bookings: ${probes.length} answered, ${failures.length} refused, ${lost.length} never seen on the other server`);
    for (const f of failures.slice(0, 5)) console.log(`  ${f}`);
    console.log(`Booking answer → event on the other server: p50 ${p(delays, 50)} ms, p95 ${p(delays, 95)} ms, max ${p(delays, 100)} ms`);
    console.log(`Floor, /v3/health on the booking's server in the same run: p50 ${p(health, 50)} ms, p95 ${p(health, 95)} ms`);
    const p95 = delays.length ? percentile(delays, 95) : Infinity;
    const ok = probes.length > 0 && lost.length === 0 && failures.length === 0 && p95 <= GOAL_P95_MS;
    console.log(`Goal: p95 ≤ ${GOAL_P95_MS} ms, every booking seen: ${ok ? "MET" : "NOT MET"}`);
    if (!ok) process.exitCode = 1;
  } finally {
    for (const s of streams) s.close();
    await sql.end({ timeout: 5 });
    await Promise.all(servers.map((s) => s.stop()));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
