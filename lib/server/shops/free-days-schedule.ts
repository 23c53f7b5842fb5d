import "server-only";
import { getDb } from "@/lib/server/db/client";
import { describeError } from "@/lib/server/describe-error";
import { env } from "@/lib/server/env";
import { keepFreeDays } from "./free-times-sql";

const FIRST_RUN_DELAY_MS = 5_000;
const BATCH = 500;
/** At most this many batches a run: a new day for every shop spreads over a few runs. */
const MAX_BATCHES = 20;
const g = globalThis as unknown as { __navalhaFreeDays?: NodeJS.Timeout };
let running = false;

export async function runKeepFreeDays(): Promise<void> {
  if (running) return;
  running = true;
  try {
    let written = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await keepFreeDays(await getDb(), { batch: BATCH });
      written += n;
      if (n < BATCH) break;
    }
    if (written > 0) console.log(JSON.stringify({ level: "info", where: "free-days", msg: "kept", days: written }));
  } catch (err) {
    // Lists then compute the days themselves (slower, still right) until the next run.
    console.error(JSON.stringify({ level: "warn", where: "free-days", ...describeError(err) }));
  } finally {
    running = false;
  }
}

/**
 * Keeps today and tomorrow of every shop computed (shop_free_days) in the server's own process, every
 * FREE_DAYS_INTERVAL_MS: the days a booking or a change made stale, and each new day. Every app server
 * runs it; two doing the same day write the same row.
 */
export function startFreeDaysSchedule(): void {
  if (g.__navalhaFreeDays) return;
  g.__navalhaFreeDays = setInterval(runKeepFreeDays, env().FREE_DAYS_INTERVAL_MS).unref();
  setTimeout(runKeepFreeDays, FIRST_RUN_DELAY_MS).unref();
}
