import "server-only";
import { after } from "next/server";
import { describeError } from "@/lib/server/describe-error";

const pending = new Set<Promise<void>>();
let waiting = 0;

/**
 * Runs `task` once the answer has been sent (Next's `after()`), so that what the task does — or
 * whether it does anything — cannot show in the answer or its timing. Outside a Next request
 * (scripts, tests calling a handler directly) it runs on the next turn of the event loop, which is
 * still after the handler has returned its answer. A failure is logged, never thrown.
 */
export function afterResponse(task: () => Promise<unknown>, where: string): void {
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve)).then(() => void waiting--);
  waiting++;
  const run: Promise<void> = started
    .then(task)
    .then(
      () => {},
      (err) => console.error(JSON.stringify({ level: "error", where, ...describeError(err) })),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
  try {
    after(() => {
      start();
      return run;
    });
  } catch {
    setImmediate(start); // no request scope
  }
}

/** How many tasks have not started yet: right after an answer, its own task must be among them. */
export function waitingAfterResponse(): number {
  return waiting;
}

/** Work scheduled by afterResponse that has not finished yet (tests await it). */
export async function settleAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
