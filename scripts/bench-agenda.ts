// The agenda's day against /v3/health, through HTTP on the production server (docs/benchmarks.md, "Agenda"):
//   npm run bench:agenda -- [--database-url postgres://postgres@127.0.0.1:5432/navalha_bench] [--connections 10] [--duration 20]
//
// Adds (or finds again) one shop "agenda-bench" to the database given — by default the 100,000-shop one of
// `npm run bench:search:data` — with 12 barbers, 150 bookings on one day and a front-desk member, on the built
// server (NEXT_DIST_DIR .next-agenda, built when missing) started on it, and runs /v3/health and the day's agenda route one
// after the other with the same connections. Goal (the agenda's issue): at least 50 % of /v3/health's throughput,
// p99 at most 2× its p99. Exits 1 when a goal is missed.
import postgres from "postgres";
import { hashPassword } from "@/lib/server/auth/password";
import { fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import { arg, runAutocannon } from "./load/bench-run";
import { ensureBuild, startServer } from "./load/server";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_bench");
const CONNECTIONS = Number(arg("connections", "10"));
const DURATION = Number(arg("duration", "20"));
const PORT = Number(arg("port", "3480"));
const DIST = arg("dist-dir", ".next-agenda");
const TZ = "America/Sao_Paulo";
const EMAIL = "agenda-bench@example.com";
const PASSWORD = "agenda-bench-1";

async function prepare(): Promise<{ shopId: number; date: string }> {
  const sql = postgres(URL_, { max: 1, onnotice: () => {} });
  try {
    const date = toWallClock(new Date(Date.now() + 86_400_000), TZ).date;
    const [existing] = await sql<{ id: number }[]>`select id from barbershops where slug = 'agenda-bench'`;
    if (existing) await sql`delete from appointments where barbershop_id = ${existing.id}`;
    const [shop] = existing
      ? [existing]
      : await sql<
          { id: number }[]
        >`insert into barbershops (slug, name, address, neighborhood, city, city_slug, state, latitude, longitude, agenda_time_interval)
          values ('agenda-bench', 'Agenda Bench', 'Rua A, 1', 'Centro', 'São Paulo', 'sao-paulo', 'SP', -23.55, -46.63, 30) returning id`;
    await sql`delete from shop_hours where barbershop_id = ${shop.id}`;
    await sql`insert into shop_hours (barbershop_id, weekday, opens, closes) select ${shop.id}, d, '08:00', '21:00' from generate_series(0, 6) d`;
    let barberRows: { id: number }[] = [...(await sql<{ id: number }[]>`select id from barbers where barbershop_id = ${shop.id} order by id`)];
    if (barberRows.length < 12) {
      barberRows = [
        ...barberRows,
        ...(await sql<
          { id: number }[]
        >`insert into barbers (barbershop_id, name) select ${shop.id}, 'Barbeiro ' || n from generate_series(${barberRows.length + 1}, 12) n returning id`),
      ];
    }
    const [service] = (await sql<{ id: number }[]>`select id from services where barbershop_id = ${shop.id} limit 1`).length
      ? await sql<{ id: number }[]>`select id from services where barbershop_id = ${shop.id} limit 1`
      : await sql<{ id: number }[]>`insert into services (barbershop_id, name, price, duration_minutes) values (${shop.id}, 'Corte', 45, 30) returning id`;
    // 150 bookings: 12 or 13 a barber, every half hour from 08:00.
    for (let i = 0; i < 150; i++) {
      const barber = barberRows[i % 12];
      const startsAt = fromWallClock(date, 8 * 60 + Math.floor(i / 12) * 30, TZ)!;
      const [a] = await sql<
        { id: number }[]
      >`insert into appointments (barbershop_id, barber_id, client_name, client_phone, status, starts_at, ends_at, subtotal, total)
        values (${shop.id}, ${barber.id}, ${`Cliente ${i}`}, ${`+55119${String(10_000_000 + i)}`}, 'confirmed', ${startsAt.toISOString()}, ${new Date(startsAt.getTime() + 30 * 60_000).toISOString()}, 45, 45) returning id`;
      await sql`insert into appointment_services (appointment_id, service_id, name, price, duration_minutes) values (${a.id}, ${service.id}, 'Corte', 45, 30)`;
    }
    const hash = await hashPassword(PASSWORD);
    await sql`delete from users where email = ${EMAIL}`;
    const [user] = await sql<
      { id: number }[]
    >`insert into users (name, email, phone, password_hash) values ('Recepção Bench', ${EMAIL}, '+5511900009999', ${hash}) returning id`;
    await sql`insert into shop_staff (barbershop_id, user_id, roles) values (${shop.id}, ${user.id}, array['front_desk']) on conflict (barbershop_id, user_id) do nothing`;
    return { shopId: shop.id, date };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function main() {
  ensureBuild(DIST);
  // The server first: it migrates the database when it starts.
  const server = await startServer({
    port: PORT,
    distDir: DIST,
    env: { DATABASE_URL: URL_, DATABASE_POOL_MAX: String(CONNECTIONS), JWT_SECRET: process.env.JWT_SECRET ?? "bench-agenda-secret-0123456789abcdef0123456789" },
  });
  try {
    const { shopId, date } = await prepare();
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
