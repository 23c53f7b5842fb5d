// The outbox worker as a process of its own, for deployments that run the app with MESSAGE_WORKER=0
// (any number of these on one PostgreSQL database: rows are claimed with SKIP LOCKED).
//
//   DATABASE_URL=postgres://... npm run worker
//
// On the embedded PGlite database the app's own process sends (one process per data directory).
import { env } from "@/lib/server/env";
import { startMessageWorker } from "@/lib/server/notifications/worker";

if (!env().DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database the app itself sends the messages.");
  process.exit(2);
}
const worker = startMessageWorker({ concurrency: Number(process.env.MESSAGE_WORKER_CONCURRENCY ?? 8) });
console.log(JSON.stringify({ level: "info", where: "message-worker", msg: "started", pid: process.pid }));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    void worker.stop().then(() => process.exit(0));
  });
}
// The interval timer is unref'd inside the app; here it is the whole program.
setInterval(() => {}, 1 << 30);
