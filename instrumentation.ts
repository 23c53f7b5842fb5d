import { markDatabaseSuspect } from "@/lib/db-health";

// Called once when a Next.js server starts (not by `next build`'s page generation).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { exitOnInvalidEnv } = await import("@/lib/server/env");
  exitOnInvalidEnv();
  const { startPurgeSchedule } = await import("@/lib/server/retention/schedule");
  startPurgeSchedule();
}

/**
 * A page that failed to render may have met an unreachable database: the next pages that need it
 * first probe it in proxy.ts and answer 503 while it is down (a page's own render can only answer
 * 500). Any failure triggers one probe at most a second; an API failure reports itself (route()).
 */
export function onRequestError(_error: unknown, _request: unknown, context: { routeType: string }): void {
  if (context.routeType === "render") markDatabaseSuspect();
}
