import "server-only";
import { getDb } from "@/lib/server/db/client";
import { describeError } from "@/lib/server/describe-error";
import { tellWaitlistOfMovedTimes } from "./moved-times";

const INTERVAL_MS = 30_000;
const g = globalThis as unknown as { __navalhaMovedTimes?: NodeJS.Timeout };
let running = false;

async function run(): Promise<void> {
  if (running) return;
  running = true;
  try {
    await tellWaitlistOfMovedTimes(await getDb(), new Date());
  } catch (err) {
    // The moves stay unchecked: the next run tells their waitlists.
    console.error(JSON.stringify({ level: "warn", where: "moved-times", ...describeError(err) }));
  } finally {
    running = false;
  }
}

/** Checks the times bookings moved away from every 30 s, in the server's own process (as the purge and the free days). */
export function startMovedTimesSchedule(): void {
  if (g.__navalhaMovedTimes) return;
  g.__navalhaMovedTimes = setInterval(run, INTERVAL_MS).unref();
}
