import "server-only";
import { getDb } from "@/lib/server/db/client";
import { env } from "@/lib/server/env";
import { deliverDue } from "./outbox";

const g = globalThis as unknown as { __navalhaWorker?: { timer: NodeJS.Timeout; stop: () => Promise<void> } };

/**
 * Sends the outbox's due messages every MESSAGE_WORKER_INTERVAL_MS, in this process (the one that holds
 * the embedded database, or any number of them on PostgreSQL: rows are claimed with SKIP LOCKED).
 * A full batch is followed at once by the next.
 */
export function startMessageWorker(options: { intervalMs?: number; batch?: number; concurrency?: number } = {}): { stop: () => Promise<void> } {
  if (g.__navalhaWorker) return g.__navalhaWorker;
  const intervalMs = options.intervalMs ?? env().MESSAGE_WORKER_INTERVAL_MS;
  const batch = options.batch ?? 50;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const db = await getDb();
        for (;;) {
          const done = await deliverDue(db, { limit: batch, concurrency: options.concurrency });
          if (stopped || done.sent + done.retry + done.failed < batch) break;
        }
      } catch (err) {
        console.error(JSON.stringify({ level: "warn", where: "message-worker", msg: err instanceof Error ? err.message : String(err) }));
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  const handle = {
    timer,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      g.__navalhaWorker = undefined;
    },
  };
  g.__navalhaWorker = handle;
  return handle;
}
