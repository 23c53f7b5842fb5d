// Whether pages can be rendered or should answer 503 at once. proxy.ts, instrumentation.ts and the
// server's database client are bundled apart but run in one Node process, so they share this state
// on globalThis (as the client shares its connection pool). No imports: the proxy loads this file.

type Health = {
  /** Since when a request found the database unreachable (unset: believed up). */
  suspectSince?: number;
  /** Set by lib/server/db/client.ts: one `select 1`, rejecting while the database cannot be reached. */
  probe?: () => Promise<void>;
  checking?: Promise<boolean>;
  checkedAt?: number;
  reachable?: boolean;
};

const g = globalThis as unknown as { __navalhaDbHealth?: Health };
const state = (): Health => (g.__navalhaDbHealth ??= {});

/** At most one probe a second per process while the database is suspect; a page then waits for it. */
export const PROBE_INTERVAL_MS = 1_000;
/** A probe that has not answered by then counts as down (the 503 page must come fast). */
export const PROBE_TIMEOUT_MS = 2_000;
/** What the 503 answers tell clients and what the page reloads after. */
export const RETRY_AFTER_SECONDS = 5;

export function markDatabaseSuspect(now = Date.now()): void {
  state().suspectSince ??= now;
}

export function registerDatabaseProbe(probe: () => Promise<void>): void {
  state().probe = probe;
}

/**
 * True unless a recent failure made the database suspect and a probe (shared by concurrent requests,
 * repeated at most every PROBE_INTERVAL_MS) still cannot reach it. A successful probe clears the
 * suspicion, so pages come back by themselves about a second after the database does.
 */
export async function isDatabaseReachable(now = Date.now()): Promise<boolean> {
  const s = state();
  if (!s.suspectSince || !s.probe) return true;
  if (s.checking) return s.checking;
  if (s.checkedAt !== undefined && now - s.checkedAt < PROBE_INTERVAL_MS) return s.reachable ?? false;
  const probe = s.probe;
  s.checking = (async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("probe timed out")), PROBE_TIMEOUT_MS);
    });
    try {
      await Promise.race([probe(), timeout]);
      s.suspectSince = undefined;
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  })().then((reachable) => {
    s.reachable = reachable;
    s.checkedAt = Date.now();
    s.checking = undefined;
    return reachable;
  });
  return s.checking;
}

/** Whether a failure (or a closed pooled connection) made the database suspect; pages then probe first. */
export function isDatabaseSuspect(): boolean {
  return state().suspectSince !== undefined;
}

/** For tests. */
export function resetDatabaseHealth(): void {
  g.__navalhaDbHealth = {};
}
