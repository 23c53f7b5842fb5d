// Durable delivery benchmark (decision 0021): 10,000 WhatsApp reminders due at once, sent through a local
// fake of the WhatsApp Cloud API by two worker processes (npm run worker) on PostgreSQL; one worker is
// killed with SIGKILL halfway and started again. The fake posts its "sent" status callbacks, signed,
// to the app's real webhook handler, as Meta does; a try left in doubt by the killed worker is sent
// again only if no callback came within the grace (docs/decisions/0021-booking-messages.md).
//
//   npm run bench:messages -- [--database-url postgres://postgres@127.0.0.1:5432/navalha_messages_bench]
//                             [--messages 10000] [--latency-ms 20] [--concurrency 8]
//
// Prints delivered, duplicates (sends of one outbox row beyond the first), time to drain, messages per
// second, and the floor measured in the same run: the same fake server driven directly by the same
// number of concurrent senders, with no database (the ratio is what the queue costs).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { count, eq, ne } from "drizzle-orm";
import { setDb } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { resetEnvCache } from "@/lib/server/env";
import { type OutgoingMessage, enqueueMessages } from "@/lib/server/notifications/outbox";
import { startFakeCloudApi } from "@/tests/fakes/whatsapp-cloud";
import { rebuildBenchDatabase } from "./load/bench-database";
import { arg, sleep } from "./load/bench-run";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_messages_bench");
const N = Number(arg("messages", "10000"));
const LATENCY = Number(arg("latency-ms", "20"));
const CONCURRENCY = Number(arg("concurrency", "8"));
const TOKEN = "bench-token";
const PHONE_ID = "100200300";
const APP_SECRET = "bench-app-secret-0123456789abcdef";

async function main() {
  const handle = await rebuildBenchDatabase(URL_, "navalha_messages_bench", 8);
  setDb(handle);
  const db = handle.db;

  // The app's webhook handler, served as the app serves it.
  Object.assign(process.env, {
    DATABASE_URL: URL_,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    MESSAGE_WORKER: "0",
  });
  resetEnvCache();
  const { POST: webhook } = await import("@/app/v3/webhooks/whatsapp/route");
  const receiver = createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    const out = await webhook(
      new NextRequest("http://127.0.0.1/v3/webhooks/whatsapp", { method: "POST", headers: req.headers as Record<string, string>, body: raw }),
    );
    res.writeHead(out.status, { "content-type": "application/json" });
    res.end(await out.text());
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v3/webhooks/whatsapp`;
  const cloud = await startFakeCloudApi({ token: TOKEN, phoneNumberId: PHONE_ID, latencyMs: LATENCY, webhook: { url: webhookUrl, appSecret: APP_SECRET } });

  // The floor: the fake provider alone, CONCURRENCY senders per worker and two workers, no database.
  const floorN = Math.min(N, 3000);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY * 2 }, async () => {
      while (next < floorN) {
        next++;
        await fetch(`${cloud.url}/${PHONE_ID}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ messaging_product: "whatsapp", to: "5511900000000", type: "text", text: { body: "floor" } }),
        });
      }
    }),
  );
  const floorRate = floorN / ((performance.now() - t0) / 1000);
  await sleep(500); // the floor's status callbacks
  cloud.sent.length = 0;

  // 10,000 reminders, all due now.
  const due = new Date(Date.now() - 1000);
  for (let i = 0; i < N; i += 1000) {
    const batch: OutgoingMessage[] = Array.from({ length: Math.min(1000, N - i) }, (_, k) => {
      const n = i + k;
      return {
        channel: "whatsapp",
        recipient: `+55119${String(10_000_000 + n).slice(-8)}`,
        body: `Lembrete ${n}`,
        kind: "reminder",
        dedupeKey: `bench:${n}:reminder:120:whatsapp`,
        sendAfter: due,
        payload: { whatsapp: { name: "navalha_booking_reminder", language: "pt_BR", body: [`Cliente ${n}`], quickReplies: [`confirm:${n}`, `cancel:${n}`] } },
      };
    });
    await enqueueMessages(db, batch);
  }

  const workerEnv = {
    ...process.env,
    DATABASE_URL: URL_,
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_API_URL: cloud.url,
    MESSAGE_WORKER_INTERVAL_MS: "100",
    MESSAGE_WORKER_CONCURRENCY: String(CONCURRENCY),
    MESSAGE_LEASE_MS: "5000",
    WHATSAPP_INDOUBT_GRACE_MS: "3000",
    DATABASE_POOL_MAX: "4",
  };
  const startWorker = (name: string): ChildProcess => {
    const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/message-worker.ts"], {
      env: workerEnv,
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code, signal) => console.log(`worker ${name} exited (${signal ?? code})`));
    return child;
  };

  const start = performance.now();
  const a = startWorker("A");
  const b = startWorker("B");
  let restarted: ChildProcess | null = null;
  let killedAt = 0;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    await sleep(100);
    if (!restarted && cloud.sent.length >= N / 2) {
      a.kill("SIGKILL");
      killedAt = cloud.sent.length;
      restarted = startWorker("A2");
    }
    const [{ n }] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "sent"));
    if (n >= N) break;
    if (Date.now() > deadline) throw new Error(`not drained after 10 minutes: ${n} of ${N} sent`);
  }
  const seconds = (performance.now() - start) / 1000;
  b.kill("SIGTERM");
  restarted?.kill("SIGTERM");

  const perRow = new Map<string, number>();
  for (const m of cloud.sent) {
    const key = String(m.body.biz_opaque_callback_data);
    perRow.set(key, (perRow.get(key) ?? 0) + 1);
  }
  const duplicates = [...perRow.values()].reduce((s, c) => s + (c - 1), 0);
  const [{ failed }] = await db.select({ failed: count() }).from(outbox).where(ne(outbox.status, "sent"));
  const rate = N / seconds;
  console.log(`messages: ${N}, worker A killed (SIGKILL) after ${killedAt} sends and started again`);
  console.log(`delivered: ${perRow.size} distinct of ${N}; duplicates: ${duplicates}; not sent: ${failed}`);
  console.log(`drained in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} messages/s (includes the workers' start and the killed worker's lease)`);
  console.log(
    `floor (the fake provider alone, ${CONCURRENCY * 2} senders, ${LATENCY} ms latency): ${floorRate.toFixed(0)} messages/s; ratio ${(rate / floorRate).toFixed(2)}`,
  );
  await cloud.close();
  receiver.close();
  await handle.close();
  process.exit(duplicates === 0 && perRow.size === N ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
