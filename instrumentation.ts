import { markDatabaseSuspect } from "@/lib/edge/db-health";

// Called once when a Next.js server starts (not by `next build`'s page generation).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { exitOnInvalidEnv } = await import("@/lib/server/env");
  exitOnInvalidEnv();
  const { startPurgeSchedule } = await import("@/lib/server/retention/schedule");
  startPurgeSchedule();
  // A time a booking moved away from reaches the waitlist a few minutes later, if still free (decision 0043).
  (await import("@/lib/server/waitlist/moved-times-schedule")).startMovedTimesSchedule();
  // The lists' next free times read today and tomorrow of each shop kept computed (decision 0022).
  (await import("@/lib/server/shops/free-days-schedule")).startFreeDaysSchedule();
  // Shop, city and home pages are served from a cache dropped when their data changes (decision 0023).
  (await import("@/lib/server/shops/page-cache-sync")).startPageCacheSync();
  // server.mjs sends a kept page's gzip itself, before Next (which would compress it again).
  (await import("@/lib/edge/cached-page-answer")).installCachedPageAnswer();
  // Booking messages are sent from the outbox by this process unless MESSAGE_WORKER=0 (npm run worker then).
  if (process.env.MESSAGE_WORKER !== "0") (await import("@/lib/server/notifications/worker")).startMessageWorker();
  // proxy.ts sends an unknown shop's or city's URL (or a city's page past its last) to the real not-found page (lib/edge/page-lookup.ts).
  const [{ registerPageLookup, registerRenamedLookup }, { getReadDb }, { findRenamedShopSlug, findShopSlugId }, { countCityShops }] = await Promise.all([
    import("@/lib/edge/page-lookup"),
    import("@/lib/server/db/client"),
    import("@/lib/server/shops/detail"),
    import("@/lib/server/shops/search"),
  ]);
  registerPageLookup("shop", async (slug) => ((await findShopSlugId(await getReadDb(), slug)) !== null ? 1 : 0));
  registerPageLookup("city", async (slug) => countCityShops(await getReadDb(), slug));
  registerRenamedLookup(async (slug) => findRenamedShopSlug(await getReadDb(), slug));
}

/**
 * A page that failed to render may have met an unreachable database: the next pages that need it
 * first probe it in proxy.ts and answer 503 while it is down (a page's own render can only answer
 * 500). Any failure triggers one probe at most a second; an API failure reports itself (route()).
 */
export function onRequestError(_error: unknown, _request: unknown, context: { routeType: string }): void {
  if (context.routeType === "render") markDatabaseSuspect();
}
