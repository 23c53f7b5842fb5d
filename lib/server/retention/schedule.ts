import "server-only";
import { getDb } from "@/lib/server/db/client";
import { describeError } from "@/lib/server/describe-error";
import { purgeExpiredData } from "./purge";

const FIRST_RUN_DELAY_MS = 10_000;
const INTERVAL_MS = 60 * 60 * 1000;
const g = globalThis as unknown as { __navalhaPurge?: NodeJS.Timeout };

export async function runPurge(): Promise<void> {
  try {
    const counts = await purgeExpiredData(await getDb(), new Date());
    console.log(JSON.stringify({ level: "info", where: "retention", msg: "purged", ...counts }));
  } catch (err) {
    // An unreachable database only delays the purge to the next hour.
    console.error(JSON.stringify({ level: "warn", where: "retention", ...describeError(err) }));
  }
}

/**
 * Purges once shortly after the server starts, then every hour, in the server's own process: no
 * cron or worker to deploy, and embedded PGlite cannot be opened by a second process anyway. Every
 * app server runs it; the statements are idempotent, so that only repeats cheap work.
 */
export function startPurgeSchedule(): void {
  if (g.__navalhaPurge) return;
  g.__navalhaPurge = setInterval(runPurge, INTERVAL_MS).unref();
  setTimeout(runPurge, FIRST_RUN_DELAY_MS).unref();
}
