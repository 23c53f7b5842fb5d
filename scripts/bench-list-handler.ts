// The Node time of the list's own code, without Next's request handling: calls the route handlers of
// the nearest-20 list and of /v3/health directly (10 at a time, 6,000 calls, three rounds) against
// PostgreSQL and prints calls a second and the process's CPU time per call.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/navalha_bench NODE_ENV=production \
//     npx tsx --conditions=react-server scripts/bench-list-handler.ts
//
// Compare with scripts/bench-search.ts, which measures the same two paths through the whole server.
import { NextRequest } from "next/server";
import { GET as home } from "@/app/v3/client/barbershops-with-location-home/route";
import { GET as health } from "@/app/v3/health/route";
import { NEIGHBORHOODS } from "@/scripts/seed/data/places";

const points = NEIGHBORHOODS.map((n) => [n.latitude, n.longitude] as const);

async function run(name: string, call: (i: number) => Promise<Response>, calls = 6000, concurrency = 10) {
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const res = await call(next++);
        if (!res.ok) throw new Error(`${name} answered ${res.status}`);
        await res.text();
      }
    }),
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${name.padEnd(16)} ${((calls / ms) * 1000).toFixed(0).padStart(6)} calls/s, Node CPU ${((cpu.user + cpu.system) / calls).toFixed(0)} µs per call`,
  );
}

const listRequest = (i: number) => {
  const [latitude, longitude] = points[i % points.length];
  return new NextRequest(`http://localhost/v3/client/barbershops-with-location-home?latitude=${latitude}&longitude=${longitude}&limit=20`);
};

async function main() {
  // The first round warms up the JIT and the connections; read the later ones.
  for (let round = 1; round <= 3; round++) {
    console.log(`round ${round}`);
    await run("/v3/health", () => health(new NextRequest("http://localhost/v3/health")));
    await run("nearest-20 list", (i) => home(listRequest(i)));
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
