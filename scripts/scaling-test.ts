// Two app servers, one PostgreSQL: shows that nothing a request relies on lives in one process.
//
//   npm run test:scaling
//
// Creates a fresh database (navalha_scale_<random>) on the PostgreSQL server of SCALING_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), seeds 5 shops, starts `next start` twice
// (ports 3163 and 3164, or SCALING_PORTS="a,b") from the production build in NEXT_DIST_DIR (default
// .next-scale, built when missing), and checks that
//   1. a token issued by one server is accepted by the other;
//   2. login throttling counts failures across both (after five, the next attempt waits: 429 on either);
//   3. one Idempotency-Key sent to both at once yields exactly one appointment;
//   4. no token or manage token it handed out appears in either server's output;
//   5. a shop page both servers keep (lib/edge/page-cache.ts) shows a change to the shop on both within 5 s;
//   6. the demo owner's new hours, saved through one server, show on the other's shop page and city page, and its
//      free times drop the times the hours exclude; a closure saved there empties the other's free times of its
//      day — each within 5 s.
// The database is dropped afterwards. Without a reachable PostgreSQL it prints SKIP and exits 0.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { migrateDb, openPostgres } from "@/lib/server/db/client";
import { pageGrid } from "@/lib/edge/page-cache";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./seed/demo-account";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "./seed/demo-staff";
import { seedDemo } from "./seed/seed-demo";
import { ensureBuild, startServer, type AppServer } from "./load/server";

const BASE_URL = process.env.SCALING_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DIST_DIR = process.env.NEXT_DIST_DIR ?? ".next-scale";
const PORTS = (process.env.SCALING_PORTS ?? "3163,3164").split(",").map(Number);

/** Tokens handed out during the run: none may show up in either server's output. */
const issued: string[] = [];

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? "PASS" : "FAIL"}  ${name}: ${detail}`);
}

async function call(server: AppServer, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "accept-language": "en", ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  for (const key of ["token", "manage_token"]) if (typeof json[key] === "string") issued.push(json[key] as string);
  return { status: res.status, json, headers: res.headers };
}

async function isReachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

async function tokenAcrossServers(a: AppServer, b: AppServer) {
  console.log("\n1. A token issued by one server is accepted by the other");
  const login = await call(a, "/v3/login", {
    method: "POST",
    body: { login: DEMO_EMAIL, password: DEMO_PASSWORD },
    headers: { "x-forwarded-for": "203.0.113.1" },
  });
  const token = login.json.token as string | undefined;
  check(`login on :${a.port}`, login.status === 200 && Boolean(token), `HTTP ${login.status}`);
  if (!token) return;
  const me = await call(b, "/v3/user-data", { token });
  const user = me.json.user as { email?: string } | undefined;
  check(`GET /v3/user-data on :${b.port} with that token`, me.status === 200 && user?.email === DEMO_EMAIL, `HTTP ${me.status}, user ${user?.email}`);
  const fresh = await call(b, "/v3/revalidate-token", { method: "POST", token });
  const freshToken = fresh.json.token as string | undefined;
  check(`POST /v3/revalidate-token on :${b.port}`, fresh.status === 200 && Boolean(freshToken), `HTTP ${fresh.status}`);
  if (freshToken) {
    const back = await call(a, "/v3/user-data", { token: freshToken });
    check(`the renewed token works on :${a.port}`, back.status === 200, `HTTP ${back.status}`);
  }
}

async function throttlingAcrossServers(a: AppServer, b: AppServer) {
  console.log("\n2. Login throttling counts failures across both servers");
  const statuses: string[] = [];
  let sixth: Awaited<ReturnType<typeof call>> | undefined;
  for (let i = 1; i <= 6; i++) {
    const server = i % 2 ? a : b;
    // A different address each time: only the per-account counter can add up to the limit.
    const res = await call(server, "/v3/login", {
      method: "POST",
      body: { login: DEMO_EMAIL, password: `wrong-password-${i}` },
      headers: { "x-forwarded-for": `198.51.100.${i}` },
    });
    statuses.push(`${i}@:${server.port}=${res.status}`);
    if (i === 6) sixth = res;
  }
  const firstFive = statuses.slice(0, 5).every((s) => s.endsWith("=401"));
  check("failures 1-5, alternating servers, answer 401", firstFive, statuses.slice(0, 5).join(" "));
  check(
    `the 6th attempt (on :${b.port}) must wait: 429 with Retry-After`,
    sixth?.status === 429 && Number(sixth.headers.get("retry-after")) > 0,
    `HTTP ${sixth?.status}, Retry-After ${sixth?.headers.get("retry-after")}`,
  );
  const other = await call(a, "/v3/login", {
    method: "POST",
    body: { login: DEMO_EMAIL, password: DEMO_PASSWORD },
    headers: { "x-forwarded-for": "198.51.100.99" },
  });
  check(`the other server (:${a.port}) makes even the right password wait`, other.status === 429, `HTTP ${other.status}`);

  // The counter of an identifier with no account is shared too: five failures from addresses of their own,
  // alternating servers, and the sixth waits (an address alone is only a far higher ceiling, decision 0042).
  const unknownStatuses: number[] = [];
  for (let i = 1; i <= 6; i++) {
    const res = await call(i % 2 ? b : a, "/v3/login", {
      method: "POST",
      body: { login: "nobody@navalha.test", password: `wrong-password-${i}` },
      headers: { "x-forwarded-for": `192.0.2.${50 + i}` },
    });
    unknownStatuses.push(res.status);
  }
  check(
    "an unknown identifier across servers: failures 1-5 answer 401, the 6th 429",
    unknownStatuses.slice(0, 5).every((s) => s === 401) && unknownStatuses[5] === 429,
    unknownStatuses.join(" "),
  );
}

async function idempotencyAcrossServers(a: AppServer, b: AppServer, sql: postgres.Sql) {
  console.log("\n3. One Idempotency-Key sent to both servers at once yields one appointment");
  const choices = await sql<{ shop_id: number; barber_id: number; service_id: number }[]>`
    select b.barbershop_id as shop_id, b.id as barber_id, min(s.id) as service_id
    from barbers b join barber_services bs on bs.barber_id = b.id
    join services s on s.id = bs.service_id and s.is_active and s.is_online
    where b.is_active group by b.barbershop_id, b.id order by b.id`;
  const fmt = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });
  let slot: { shop_id: number; barber_id: number; service_id: number; date: string; hour: string } | undefined;
  for (let day = 2; day < 14 && !slot; day++) {
    const date = fmt.format(new Date(Date.now() + day * 86_400_000));
    for (const c of choices) {
      const q = new URLSearchParams({ barbershop_id: String(c.shop_id), barber_id: String(c.barber_id), services: String(c.service_id), date });
      const res = await call(a, `/v3/appointment/available-times?${q}`);
      const hours = [...((res.json.morning as string[]) ?? []), ...((res.json.afternoon as string[]) ?? [])];
      if (res.status === 200 && hours.length) {
        slot = { ...c, date, hour: hours[0] };
        break;
      }
    }
  }
  check("a free time to book", Boolean(slot), slot ? `barber ${slot.barber_id}, ${slot.date} ${slot.hour}` : "none found");
  if (!slot) return;

  const key = `scaling-${randomBytes(8).toString("hex")}`;
  const body = {
    barbershop_id: slot.shop_id,
    barber_id: slot.barber_id,
    services: [slot.service_id],
    date: slot.date,
    start_hour: slot.hour,
    name: "Cliente Escala",
    phone: "(11) 98888-7777",
    notes: key,
  };
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(i % 2 ? b : a, "/v3/appointments/appointment-without-login", { method: "POST", body, headers: { "idempotency-key": key } }),
    ),
  );
  const statuses = answers.map((r) => r.status);
  const ids = new Set(answers.filter((r) => r.status === 201).map((r) => (r.json.appointment as { id: number }).id));
  const inProgress = answers.filter((r) => r.status === 409 && r.json.code === "IDEMPOTENCY_IN_PROGRESS").length;
  check(
    "10 concurrent requests (5 per server): every answer is the first one's (201, one id) or IDEMPOTENCY_IN_PROGRESS",
    ids.size === 1 && statuses.every((s) => s === 201 || s === 409) && statuses.filter((s) => s === 201).length + inProgress === 10,
    `statuses ${statuses.join(" ")}; appointment ids ${[...ids].join(", ")}`,
  );
  const rows = await sql<{ id: number }[]>`select id from appointments where notes = ${key}`;
  const live = await sql<{ n: number }[]>`
    select count(*)::int as n from appointments where barber_id = ${slot.barber_id} and status <> 'cancelled'
      and starts_at = (select starts_at from appointments where notes = ${key} limit 1)`;
  check(
    "exactly one appointment in the database",
    rows.length === 1 && live[0]?.n === 1,
    `${rows.length} with the key's notes, ${live[0]?.n} live at that time`,
  );

  const retry = await call(b, "/v3/appointments/appointment-without-login", { method: "POST", body, headers: { "idempotency-key": key } });
  check(
    "a later retry on either server replays the same appointment and manage token",
    retry.status === 201 &&
      (retry.json.appointment as { id: number }).id === [...ids][0] &&
      retry.json.manage_token === answers.find((r) => r.status === 201)?.json.manage_token,
    `HTTP ${retry.status}`,
  );
}

/** Cached pages (decision 0023): both servers keep a shop page; a change to the shop reaches both copies within 5 s. */
async function cachedPagesAcrossServers(a: AppServer, b: AppServer, sql: postgres.Sql) {
  console.log("\n5. Cached pages follow a change made anywhere");
  const [shop] = await sql<{ id: number; slug: string }[]>`select id, slug from barbershops order by id limit 1`;
  const page = async (s: AppServer) => {
    const res = await fetch(`${s.url}/barbearia/${shop.slug}`, { headers: { cookie: "lng=pt-BR", accept: "text/html" } });
    return { cache: res.headers.get("x-page-cache"), html: await res.text() };
  };
  // A page is kept until the next quarter hour (lib/edge/page-cache.ts, pageGrid): one rendered across that
  // boundary is not kept, by design, so a warm-up that straddled it is done again.
  let kept: { cache: string | null; html: string }[];
  for (;;) {
    const quarter = pageGrid(Date.now());
    for (const s of [a, b]) await page(s);
    kept = await Promise.all([page(a), page(b)]);
    if (pageGrid(Date.now()) === quarter) break;
  }
  check(
    "the shop page is kept by both servers",
    kept.every((k) => k.cache === "hit"),
    kept.map((k) => k.cache).join(", "),
  );
  const name = `Barbearia Renomeada ${randomBytes(3).toString("hex")}`;
  await sql`update barbershops set name = ${name} where id = ${shop.id}`;
  const since = Date.now();
  const seen = new Map<number, number>();
  while (seen.size < 2 && Date.now() - since < 5_000) {
    for (const s of [a, b]) if (!seen.has(s.port) && (await page(s)).html.includes(name)) seen.set(s.port, Date.now() - since);
    await new Promise((r) => setTimeout(r, 100));
  }
  check("the new name on both servers' pages within 5 s", seen.size === 2, [...seen].map(([port, ms]) => `:${port} after ${ms} ms`).join(", ") || "not seen");
}

/** Polls `seen` every 100 ms until it holds or `ms` pass; answers the milliseconds it took, or null. */
async function within(ms: number, seen: () => Promise<boolean>): Promise<number | null> {
  const since = Date.now();
  for (;;) {
    if (await seen()) return Date.now() - since;
    if (Date.now() - since >= ms) return null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * What clients see follows a change at once, on two servers: the demo owner saves new hours and a closure through
 * server A; server B's cached shop page and city page show the hours, and B's free times drop what they exclude.
 */
async function shopChangesAcrossServers(a: AppServer, b: AppServer, sql: postgres.Sql) {
  console.log("\n6. An owner's hours and closure, saved on one server, reach the other's pages and free times");
  const owner = DEMO_STAFF.find((m) => m.roles.includes("owner"))!;
  const login = await call(a, "/v3/login", {
    method: "POST",
    body: { login: owner.email, password: DEMO_STAFF_PASSWORD },
    headers: { "x-forwarded-for": "203.0.113.60" },
  });
  const token = login.json.token as string | undefined;
  check(`the demo owner signs in on :${a.port}`, login.status === 200 && Boolean(token), `HTTP ${login.status}`);
  if (!token) return;
  const [shop] = await sql<{ id: number; slug: string; city_slug: string; service_id: number }[]>`
    select b.id, b.slug, b.city_slug, (select min(s.id) from services s where s.barbershop_id = b.id and s.is_active and s.is_online) as service_id
    from barbershops b join shop_staff m on m.barbershop_id = b.id join users u on u.id = m.user_id
    where u.email = ${owner.email} limit 1`;

  // New hours every day from a time no page shows yet, later than now and than 09:00 (so free times before it exist
  // today under the seed's hours and must go): "abre às 11:05" on the city page, "11:05–23:55" on the shop page.
  const local = new Date(Date.now() - 3 * 3_600_000); // São Paulo, UTC-03:00 all year
  const soon = Math.ceil((local.getUTCHours() * 60 + local.getUTCMinutes() + 120) / 5) * 5 + 5;
  const opensAt = Math.min(Math.max(soon, 11 * 60 + 5), 22 * 60 + 5);
  const opens = `${String(Math.floor(opensAt / 60)).padStart(2, "0")}:${String(opensAt % 60).padStart(2, "0")}`;
  const fmt = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });
  const freeTimes = async (s: AppServer, date: string) => {
    const q = new URLSearchParams({ barbershop_id: String(shop.id), services: String(shop.service_id), date });
    const res = await call(s, `/v3/appointment/available-times?${q}`);
    return ["morning", "afternoon", "night"].flatMap((k) => (res.json[k] as string[] | undefined) ?? []);
  };
  // A day ahead with a free time before the new opening, and another with any free time, for the closure.
  const days: { date: string; times: string[] }[] = [];
  for (let d = 2; d < 16 && days.length < 2; d++) {
    const date = fmt.format(new Date(Date.now() + d * 86_400_000));
    const times = await freeTimes(b, date);
    if (times.some((t) => t < opens)) days.push({ date, times });
  }
  check("two days ahead with free times before the new opening", days.length === 2, days.map((x) => `${x.date}: ${x.times.length} times`).join("; "));
  if (days.length < 2) return;

  const pages = { shop: `/barbearia/${shop.slug}`, city: `/cidade/${shop.city_slug}` };
  const page = async (s: AppServer, path: string) => {
    const res = await fetch(`${s.url}${path}`, { headers: { cookie: "lng=pt-BR", accept: "text/html" } });
    return { cache: res.headers.get("x-page-cache"), html: await res.text() };
  };
  let kept: { cache: string | null; html: string }[];
  for (;;) {
    const quarter = pageGrid(Date.now());
    for (const path of Object.values(pages)) await page(b, path);
    kept = await Promise.all(Object.values(pages).map((path) => page(b, path)));
    if (pageGrid(Date.now()) === quarter) break;
  }
  check(
    `:${b.port} keeps the shop page and the city page, neither showing ${opens} yet`,
    kept.every((k) => k.cache === "hit" && !k.html.includes(opens)),
    kept.map((k) => `${k.cache}${k.html.includes(opens) ? ` (shows ${opens})` : ""}`).join(", "),
  );

  const hours = await call(a, `/v3/staff/shops/${shop.id}/hours?confirm=keep`, {
    method: "PUT",
    token,
    body: { days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens, closes: "23:55" })) },
  });
  check(`new hours (${opens}–23:55) saved on :${a.port}`, hours.status === 200, `HTTP ${hours.status}`);
  const [shopMs, cityMs, timesMs] = await Promise.all([
    within(5_000, async () => (await page(b, pages.shop)).html.includes(`${opens}–23:55`)),
    within(5_000, async () => (await page(b, pages.city)).html.includes(opens)),
    within(5_000, async () => {
      const times = await freeTimes(b, days[0].date);
      return times.length > 0 && times.every((t) => t >= opens);
    }),
  ]);
  const took = (ms: number | null) => (ms === null ? "not within 5 s" : `after ${ms} ms`);
  check(`:${b.port}'s shop page shows the new hours within 5 s`, shopMs !== null, took(shopMs));
  check(`:${b.port}'s city page shows the new opening within 5 s`, cityMs !== null, took(cityMs));
  check(`:${b.port}'s free times on ${days[0].date} start at ${opens} or later within 5 s`, timesMs !== null, took(timesMs));

  const closure = await call(a, `/v3/staff/shops/${shop.id}/closures?confirm=keep`, {
    method: "POST",
    token,
    body: { starts_on: days[1].date, ends_on: days[1].date, reason: "Feriado" },
  });
  check(`a closure of ${days[1].date} saved on :${a.port}`, closure.status === 201, `HTTP ${closure.status}`);
  const closedMs = await within(5_000, async () => (await freeTimes(b, days[1].date)).length === 0);
  check(`:${b.port} offers no free time on ${days[1].date} within 5 s`, closedMs !== null, took(closedMs));
}

async function main() {
  if (!(await isReachable(BASE_URL))) {
    console.log(`SKIP: PostgreSQL is not reachable at ${new URL(BASE_URL).host}; the scaling test needs it (set SCALING_DATABASE_URL).`);
    return;
  }
  ensureBuild(DIST_DIR);

  const name = `navalha_scale_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${name}`;
  const servers: AppServer[] = [];
  let sql: postgres.Sql | undefined;
  await admin.unsafe(`create database ${name}`);
  try {
    console.log(`Database ${name}: migrating and seeding 5 shops...`);
    const handle = await openPostgres(dbUrl.toString(), 2);
    await migrateDb(handle, dbUrl.toString());
    await seedDemo(handle.db, { shops: 5 });
    await handle.close();

    // Both at once, as a deployment would: their start-up migrations meet on the advisory lock.
    // No JWT_SECRET: both servers must agree on the key they make and keep in the database.
    const env = { DATABASE_URL: dbUrl.toString(), JWT_SECRET: "", TRUST_PROXY: "1", DATABASE_POOL_MAX: "5" };
    servers.push(...(await Promise.all(PORTS.map((port) => startServer({ port, distDir: DIST_DIR, env })))));
    console.log(`Servers: ${servers.map((s) => s.url).join(" and ")} (separate processes, same database, no JWT_SECRET)`);
    const [a, b] = servers;
    sql = postgres(dbUrl.toString(), { max: 2, onnotice: () => {} });

    await tokenAcrossServers(a, b);
    await throttlingAcrossServers(a, b);
    await idempotencyAcrossServers(a, b, sql);

    console.log("\n4. No token reaches the servers' logs");
    const leaked = servers.filter((s) => issued.some((t) => s.logs().includes(t)));
    check(
      `${issued.length} tokens issued, none in the output of either server`,
      issued.length > 0 && leaked.length === 0,
      leaked.map((s) => `:${s.port}`).join(", ") || "clean",
    );

    await cachedPagesAcrossServers(a, b, sql);
    await shopChangesAcrossServers(a, b, sql);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await sql?.end({ timeout: 5 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }

  const failed = checks.filter((c) => !c.ok);
  console.log(`\n${failed.length ? "FAIL" : "PASS"}: ${checks.length - failed.length}/${checks.length} checks`);
  if (failed.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
