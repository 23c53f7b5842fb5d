// Fault test: while the load mix runs, PostgreSQL is stopped for 10 s and started again.
//
//   npm run fault-test                      # starts `next start` on :3162 against navalha_bench
//   npm run fault-test -- --url http://127.0.0.1:3000
//
// It checks that requests during the outage answer 503 quickly (none waits more than 5 s), that a
// shop page then answers 503 with Retry-After and the translated "back in a moment" page, that the
// app (pages too) recovers by itself within 10 s of the database's return, and that no appointment is lost or
// doubled: every booking answered 201 is in the database exactly once, bookings whose answer was
// lost are retried with their Idempotency-Key, and no two live appointments of a barber overlap.
//
// It STOPS THE LOCAL POSTGRESQL CLUSTER (pg_ctlcluster, needs root): whatever else uses it fails for
// those seconds. It always starts it again (finally block and exit/signal handlers). With --via-proxy
// the app reaches PostgreSQL through a TCP proxy in this script, and the outage closes the proxy
// instead (refused and reset connections, as a network failure): no root, nobody else disturbed.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { parseArgs, promisify } from "node:util";
import postgres from "postgres";
import { sleep } from "./load/bench-run";
import { ensureBuild, startServer, type AppServer } from "./load/server";
import { figuresOf, isExpected, printReport, reportOf } from "./load/stats";
import { KINDS, type Kind, prepareWorkload, runMix, type Sample, SOCKET_ERROR, TIMEOUT } from "./load/workload";

const BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/navalha_bench";
const MAX_WAIT_MS = 5_000;
const MAX_RECOVERY_MS = 10_000;

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    port: { type: "string", default: "3162" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? BENCH_DATABASE_URL },
    "dist-dir": { type: "string", default: process.env.NEXT_DIST_DIR ?? ".next-scale" },
    "outage-seconds": { type: "string", default: "10" },
    "before-seconds": { type: "string", default: "10" },
    "after-seconds": { type: "string", default: "20" },
    "pg-version": { type: "string" },
    "pg-cluster": { type: "string", default: "main" },
    "via-proxy": { type: "boolean", default: false },
    "proxy-port": { type: "string", default: "3169" },
  },
});

const pgVersion = args["pg-version"] ?? fs.readdirSync("/etc/postgresql").sort().at(-1)!;
const cluster = args["pg-cluster"]!;

function pgctlArgs(action: "stop" | "start") {
  return ["--skip-systemctl-redirect", pgVersion, cluster, action, ...(action === "stop" ? ["-m", "fast"] : [])];
}

/** Blocking: only for the exit handler, where nothing else runs any more. */
function pgctlSync(action: "stop" | "start") {
  execFileSync("pg_ctlcluster", pgctlArgs(action), { stdio: "inherit" });
}

/** Without blocking the event loop, which would stall the load and inflate its latencies. */
async function pgctl(action: "stop" | "start") {
  await promisify(execFile)("pg_ctlcluster", pgctlArgs(action));
}

function isPgRunning(): boolean {
  try {
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", pgVersion, cluster, "status"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A TCP proxy to PostgreSQL that can be cut and restored: the outage without touching the server. */
function createPgProxy(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  return { listen, cut };
}
const proxy = args["via-proxy"] ? createPgProxy(new URL(args["database-url"]!), Number(args["proxy-port"])) : undefined;

let stoppedByUs = false;
/** Starts PostgreSQL again if this script stopped it; safe to call more than once. */
function restorePg() {
  if (!stoppedByUs) return;
  try {
    if (!isPgRunning()) pgctlSync("start");
    stoppedByUs = false;
  } catch (err) {
    console.error(`!! could not start PostgreSQL again: ${err}. Run: pg_ctlcluster --skip-systemctl-redirect ${pgVersion} ${cluster} start`);
  }
}
process.on("exit", restorePg);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    restorePg();
    process.exit(130);
  });
}

const isFailure = (s: Sample) => s.status === SOCKET_ERROR || s.status === TIMEOUT || s.status >= 500;

type Check = { name: string; ok: boolean; detail: string };

/** One look at a shop page, as an English-speaking visitor: status, Retry-After, the translated 503 page. */
type PageLook = { at: number; status: number; ms: number; retryAfter: string | null; translated: boolean };
const UNAVAILABLE_TITLE = (JSON.parse(fs.readFileSync("locales/en/common.json", "utf8")) as { unavailable: { title: string } }).unavailable.title;
// The page's own HTML escapes the apostrophe.
const UNAVAILABLE_MARK = UNAVAILABLE_TITLE.replace("'", "&#39;");

/** Looks at one page every 200 ms until `done()`, besides the load mix (which records statuses only). */
async function watchPage(url: string, done: () => boolean, looks: PageLook[]) {
  while (!done()) {
    const at = Date.now();
    try {
      const res = await fetch(url, { headers: { "accept-language": "en" }, signal: AbortSignal.timeout(15_000) });
      const html = await res.text();
      looks.push({ at, status: res.status, ms: Date.now() - at, retryAfter: res.headers.get("retry-after"), translated: html.includes(UNAVAILABLE_MARK) });
    } catch {
      looks.push({ at, status: SOCKET_ERROR, ms: Date.now() - at, retryAfter: null, translated: false });
    }
    await sleep(200);
  }
}

async function main() {
  const databaseUrl = args["database-url"]!;
  const outageMs = Number(args["outage-seconds"]) * 1000;
  const beforeMs = Number(args["before-seconds"]) * 1000;
  const afterMs = Number(args["after-seconds"]) * 1000;
  const runId = `fault-${Date.now().toString(36)}`;

  let sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let server: AppServer | undefined;
  const checks: Check[] = [];
  try {
    const workload = await prepareWorkload(sql);
    // The checker's own connections would only fail during the outage: close them now.
    await sql.end({ timeout: 5 });

    let url = args.url;
    let appDatabaseUrl = databaseUrl;
    if (proxy) {
      if (url) throw new Error("--via-proxy starts its own server: leave out --url");
      await proxy.listen();
      const proxied = new URL(databaseUrl);
      proxied.hostname = "127.0.0.1";
      proxied.port = args["proxy-port"]!;
      appDatabaseUrl = proxied.toString();
    }
    if (!url) {
      ensureBuild(args["dist-dir"]!);
      server = await startServer({
        port: Number(args.port),
        distDir: args["dist-dir"]!,
        env: { DATABASE_URL: appDatabaseUrl, JWT_SECRET: process.env.JWT_SECRET ?? "load-test-secret-0123456789abcdef0123456789" },
      });
      url = server.url;
    }
    // A short warm-up, so that the first seconds measure a running app, not a cold one.
    await runMix({ url, durationSeconds: 5, workload, runId: `warm-${runId}` });

    let stoppedAt = 0;
    let startedAt = 0;
    let outage: Promise<void> = Promise.resolve();
    const looks: PageLook[] = [];
    let mixDone = false;
    let watching: Promise<void> = Promise.resolve();
    const watchedPage = `${url}/barbearia/${workload.shops[0].slug}`;
    const total = Math.round((beforeMs + outageMs + afterMs) / 1000);
    const what = proxy ? `the proxy to PostgreSQL (:${args["proxy-port"]})` : `PostgreSQL ${pgVersion}/${cluster}`;
    console.log(`Load for ${total} s; ${what} stops after ${beforeMs / 1000} s for ${outageMs / 1000} s.`);
    const run = await runMix({
      url,
      durationSeconds: total,
      workload,
      runId,
      timeoutSeconds: 15,
      onStart: () => {
        watching = watchPage(watchedPage, () => mixDone, looks);
        outage = (async () => {
          await sleep(beforeMs);
          console.log(`[${new Date().toISOString()}] stopping ${what}`);
          if (proxy) await proxy.cut();
          else {
            stoppedByUs = true;
            await pgctl("stop");
          }
          stoppedAt = Date.now();
          try {
            await sleep(outageMs);
          } finally {
            console.log(`[${new Date().toISOString()}] starting ${what}`);
            if (proxy) await proxy.listen();
            else {
              await pgctl("start");
              stoppedByUs = false;
            }
            startedAt = Date.now();
          }
        })();
      },
    });
    mixDone = true;
    await outage;
    await watching;
    const seconds = (run.finishedAt - run.startedAt) / 1000;
    console.log("\nTimeline (second from start, phase, answers by status, slowest ms):");
    for (const t of buildTimeline(run.samples, run.startedAt, stoppedAt, startedAt)) {
      console.log(`  ${String(t.second).padStart(3)}  ${t.phase.padEnd(6)}  ${JSON.stringify(t.statuses)}  ${t.max_ms}`);
    }
    console.log(`\nWhole run (${seconds.toFixed(1)} s, outage ${((startedAt - stoppedAt) / 1000).toFixed(1)} s):`);
    printReport(reportOf(run.samples, seconds));

    // 1. During the outage: quick answers, 503 from the API.
    const during = run.samples.filter((s) => s.at >= stoppedAt && s.at <= startedAt);
    const apiDuring = during.filter((s) => s.kind !== "shop_page");
    const pageDuring = during.filter((s) => s.kind === "shop_page");
    const count = (list: Sample[], pred: (s: Sample) => boolean) => list.filter(pred).length;
    const apiBad = apiDuring.filter((s) => !(s.status === 503 || (s.status >= 200 && s.status < 500)));
    console.log(
      `\nDuring the outage: ${during.length} answers; API statuses ${JSON.stringify(figuresOf(apiDuring, 1).statuses)}; shop page statuses ${JSON.stringify(figuresOf(pageDuring, 1).statuses)}`,
    );
    checks.push({
      name: "API answers 503 (DATABASE_UNAVAILABLE) during the outage",
      ok: count(apiDuring, (s) => s.status === 503) > 0 && apiBad.length === 0,
      detail: `${count(apiDuring, (s) => s.status === 503)} × 503, ${apiBad.length} other failures (${[...new Set(apiBad.map((s) => s.status))].join(", ") || "none"})`,
    });
    const window = run.samples.filter((s) => s.at >= stoppedAt && s.at <= startedAt + MAX_RECOVERY_MS);
    const slowest = Math.max(0, ...window.map((s) => (Number.isFinite(s.ms) ? s.ms : 0)));
    const slow = count(window, (s) => s.status === TIMEOUT || s.ms > MAX_WAIT_MS);
    checks.push({
      name: `no request waits longer than ${MAX_WAIT_MS / 1000} s`,
      ok: slow === 0,
      detail: `slowest answer ${Math.round(slowest)} ms; ${slow} over the limit; p99 during the outage ${figuresOf(during, 1).p99_ms} ms`,
    });
    checks.push({
      name: "the shop page (HTML) fails fast during the outage",
      ok: pageDuring.every((s) => s.status !== TIMEOUT && s.ms <= MAX_WAIT_MS),
      detail: `statuses ${JSON.stringify(figuresOf(pageDuring, 1).statuses)}`,
    });
    // The first render that meets the outage can only fail (500) and tells the proxy; from then on
    // pages answer 503 before rendering. The load mix makes that happen within milliseconds.
    const looksDuring = looks.filter((l) => l.at >= stoppedAt && l.at + l.ms <= startedAt);
    const looksSettled = looksDuring.filter((l) => l.at >= stoppedAt + 1_000);
    const goodLook = (l: PageLook) => l.status === 503 && l.retryAfter !== null && l.translated;
    const lookStatuses = (list: PageLook[]) => list.reduce<Record<string, number>>((acc, l) => ({ ...acc, [l.status]: (acc[l.status] ?? 0) + 1 }), {});
    checks.push({
      name: "a shop page answers 503 with Retry-After and the translated page during the outage",
      ok: looksSettled.length > 0 && looksSettled.every(goodLook),
      detail: `${looksDuring.length} looks during the outage ${JSON.stringify(lookStatuses(looksDuring))}; after its first second ${looksSettled.filter(goodLook).length}/${looksSettled.length} were 503 + Retry-After ${looksSettled[0]?.retryAfter ?? "-"} + "${UNAVAILABLE_TITLE}"; slowest ${Math.max(0, ...looksDuring.map((l) => l.ms))} ms`,
    });
    const firstBack = looks.find((l) => l.at >= startedAt && l.status === 200);
    const badAfterBack = looks.filter((l) => firstBack && l.at > firstBack.at && l.status !== 200);
    const pageRecoveryMs = firstBack ? firstBack.at + firstBack.ms - startedAt : Infinity;
    checks.push({
      name: `the shop page comes back by itself within ${MAX_RECOVERY_MS / 1000} s`,
      ok: pageRecoveryMs <= MAX_RECOVERY_MS && badAfterBack.length === 0,
      detail: `first 200 ${(pageRecoveryMs / 1000).toFixed(2)} s after the database's return; ${badAfterBack.length} other answers afterwards; ${looks.length} looks in all`,
    });

    // 2. Recovery: the last failure after PostgreSQL is back.
    const failuresAfter = run.samples.filter((s) => s.at > startedAt && isFailure(s));
    const lastFailure = failuresAfter.at(-1)?.at ?? startedAt;
    const recoveryMs = lastFailure - startedAt;
    const perKindRecovery = Object.fromEntries(
      KINDS.map((k) => [k, Math.max(0, (failuresAfter.filter((s) => s.kind === k).at(-1)?.at ?? startedAt) - startedAt)]),
    ) as Record<Kind, number>;
    const okAfter = count(run.samples, (s) => s.at > startedAt + MAX_RECOVERY_MS && s.status >= 200 && s.status < 300);
    checks.push({
      name: `the app recovers by itself within ${MAX_RECOVERY_MS / 1000} s of the database's return`,
      ok: recoveryMs <= MAX_RECOVERY_MS && okAfter > 0,
      detail: `last failure ${(recoveryMs / 1000).toFixed(2)} s after the start (per kind ms: ${JSON.stringify(perKindRecovery)}); ${okAfter} successful answers afterwards`,
    });
    const unexpectedAfter = run.samples.filter(
      (s) => s.at > startedAt + MAX_RECOVERY_MS && !(s.status >= 200 && s.status < 300) && !isExpected(s.kind, s.status),
    );
    checks.push({
      name: "no errors once recovered",
      ok: unexpectedAfter.length === 0,
      detail: `${unexpectedAfter.length} (${JSON.stringify(figuresOf(unexpectedAfter, 1).statuses)})`,
    });

    // 3. Bookings whose answer was lost or a 503: the client retries with the same Idempotency-Key.
    const unanswered = [...run.bookings].filter(([, b]) => b.status === undefined || b.status >= 500);
    const retried: { tag: string; status: number; id?: number }[] = [];
    for (const [tag, b] of unanswered) {
      const res = await fetch(`${url}/v3/appointments/appointment-without-login`, {
        method: "POST",
        // The visitor who sent it, again: not one address for every retry (per-address limits).
        headers: {
          "content-type": "application/json",
          "idempotency-key": tag,
          "x-forwarded-for": `10.251.${(retried.length >> 8) & 255}.${retried.length & 255}`,
        },
        body: b.body,
      });
      const body = (await res.json().catch(() => ({}))) as { appointment?: { id: number } };
      retried.push({ tag, status: res.status, id: body.appointment?.id });
      if (res.status === 201 && body.appointment) run.booked.push({ id: body.appointment.id, tag, barberId: b.barberId });
    }
    const retryStatuses: Record<string, number> = {};
    for (const r of retried) retryStatuses[r.status] = (retryStatuses[r.status] ?? 0) + 1;
    checks.push({
      name: "retries of unanswered bookings get a real answer",
      ok: retried.every((r) => r.status === 201 || r.status === 409 || r.status === 428),
      detail: `${retried.length} retried: ${JSON.stringify(retryStatuses)}`,
    });

    // 4. The database: nothing lost, nothing doubled, no overlaps.
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    const rows = await sql<{ id: number; notes: string; barber_id: number }[]>`
      select id, notes, barber_id from appointments where notes like ${`${runId}-%`}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const perTag = new Map<string, number>();
    for (const r of rows) perTag.set(r.notes, (perTag.get(r.notes) ?? 0) + 1);
    const lost = run.booked.filter((b) => byId.get(b.id)?.notes !== b.tag);
    // One tag answered with two different ids would be a doubled booking even if the rows share no tag.
    const idsPerTag = new Map<string, Set<number>>();
    for (const b of run.booked) idsPerTag.set(b.tag, (idsPerTag.get(b.tag) ?? new Set()).add(b.id));
    const sameTagTwice = [...idsPerTag].filter(([, ids]) => ids.size > 1);
    const doubled = [...perTag].filter(([, n]) => n > 1);
    const unannounced = rows.filter((r) => !run.booked.some((b) => b.id === r.id));
    checks.push({
      name: "every booking answered 201 is in the database (none lost)",
      ok: lost.length === 0 && run.booked.length > 0,
      detail: `${run.booked.length} answered 201 (${run.booked.length - retried.filter((r) => r.status === 201).length} during the load, ${retried.filter((r) => r.status === 201).length} on retry); ${lost.length} missing`,
    });
    checks.push({
      name: "no booking request made two appointments (none doubled)",
      ok: doubled.length === 0 && sameTagTwice.length === 0,
      detail: `${rows.length} appointments carry this run's tags; ${doubled.length} tags with more than one row, ${sameTagTwice.length} answered with two ids; ${unannounced.length} in the database without a 201`,
    });
    const barberIds = [...new Set(rows.map((r) => r.barber_id))];
    const [{ overlaps }] = barberIds.length
      ? await sql<{ overlaps: number }[]>`
          select count(*)::int as overlaps from appointments a join appointments b
            on a.barber_id = b.barber_id and a.id < b.id
           and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')
          where a.barber_id = any(${barberIds}::int[]) and a.status <> 'cancelled' and b.status <> 'cancelled'`
      : [{ overlaps: 0 }];
    checks.push({
      name: "no two live appointments of a barber overlap",
      ok: overlaps === 0,
      detail: `${overlaps} overlapping pairs among ${barberIds.length} barbers`,
    });

    console.log("\nChecks:");
    for (const c of checks) console.log(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`);
    const passed = checks.every((c) => c.ok);
    console.log(`\nVERDICT: ${passed ? "PASS" : "FAIL"} (${checks.filter((c) => c.ok).length}/${checks.length} checks)`);

    fs.mkdirSync("bench-results", { recursive: true });
    const file = `bench-results/fault-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
    const timeline = buildTimeline(run.samples, run.startedAt, stoppedAt, startedAt);
    fs.writeFileSync(
      file,
      JSON.stringify({ date: new Date().toISOString(), runId, outage: { stoppedAt, startedAt }, checks, passed, timeline, pageLooks: looks }, null, 2),
    );
    console.log(`Written to ${file}`);
    if (server) {
      fs.writeFileSync(file.replace(/\.json$/, ".server.log"), server.logs());
      console.log(`Server output in ${file.replace(/\.json$/, ".server.log")}`);
    }
    if (!passed) process.exitCode = 1;
  } finally {
    restorePg();
    await server?.stop();
    await proxy?.cut();
    await sql.end({ timeout: 5 }).catch(() => {});
  }
}

/** Answers per second by status, with the slowest answer of each second, relative to the outage. */
function buildTimeline(samples: Sample[], start: number, stoppedAt: number, startedAt: number) {
  const seconds = new Map<number, { statuses: Record<string, number>; max_ms: number }>();
  for (const s of samples) {
    const sec = Math.floor((s.at - start) / 1000);
    const slot = seconds.get(sec) ?? { statuses: {}, max_ms: 0 };
    const label = s.status === SOCKET_ERROR ? "socket_error" : s.status === TIMEOUT ? "timeout" : String(s.status);
    slot.statuses[label] = (slot.statuses[label] ?? 0) + 1;
    if (Number.isFinite(s.ms)) slot.max_ms = Math.max(slot.max_ms, Math.round(s.ms));
    seconds.set(sec, slot);
  }
  return [...seconds]
    .sort(([a], [b]) => a - b)
    .map(([sec, v]) => ({ second: sec, phase: start + sec * 1000 < stoppedAt ? "before" : start + sec * 1000 < startedAt ? "outage" : "after", ...v }));
}

main().catch((err) => {
  console.error(err);
  restorePg();
  process.exit(1);
});
