import "server-only";
import { gt, max } from "drizzle-orm";
import { invalidatePageTags, markPageCacheSynced } from "@/lib/edge/page-cache";
import { type Db, getReadDb } from "@/lib/server/db/client";
import { pageTags } from "@/lib/server/db/schema";
import { describeError } from "@/lib/server/describe-error";
import { env } from "@/lib/server/env";

// Keeps this server's cached pages (lib/edge/page-cache.ts) in step with the database: every PAGE_CACHE_POLL_MS
// it reads the page tags whose version rose (triggers of migration 0013 raise them in the changing
// transaction) and drops the pages of those tags. It reads where the pages read (the read replica when
// there is one), so a page rendered after the drop sees the change.
//
// Versions come from a sequence, so a transaction that took its version early and committed late shows
// a version below the highest one seen: each poll looks back over the versions of the last OVERLAP polls
// and drops a tag again only for a (tag, version) it has not seen. A commit later than that is caught by
// the pages' time limit (PAGE_CACHE_TTL_MS).

const OVERLAP = 10;

export type PageTagSync = { poll: () => Promise<string[]> };

export function pageTagSync(db: () => Promise<Db>): PageTagSync {
  let floors: number[] | null = null;
  const seen = new Map<string, number>();
  return {
    async poll() {
      const handle = await db();
      if (floors === null) {
        const [row] = await handle.select({ top: max(pageTags.version) }).from(pageTags);
        floors = [Number(row?.top ?? 0)];
        return [];
      }
      const floor = floors[0];
      const found = await handle.select({ tag: pageTags.tag, version: pageTags.version }).from(pageTags).where(gt(pageTags.version, floor));
      const changed: string[] = [];
      let top = floors[floors.length - 1];
      for (const { tag, version } of found) {
        const v = Number(version);
        top = Math.max(top, v);
        if (seen.get(tag) === v) continue;
        seen.set(tag, v);
        changed.push(tag);
      }
      floors.push(top);
      if (floors.length > OVERLAP) floors.shift();
      for (const [tag, v] of seen) if (v <= floors[0]) seen.delete(tag);
      return changed;
    },
  };
}

const g = globalThis as unknown as { __navalhaPageTagSync?: NodeJS.Timeout };

/** Started once per server (instrumentation.ts); pages are kept only while its polls succeed. */
export function startPageCacheSync(): void {
  if (g.__navalhaPageTagSync || process.env.PAGE_CACHE === "off") return;
  const sync = pageTagSync(getReadDb);
  let running = false;
  let failing = false;
  g.__navalhaPageTagSync = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      invalidatePageTags(await sync.poll());
      markPageCacheSynced();
      failing = false;
    } catch (err) {
      if (!failing) console.error(JSON.stringify({ level: "warn", where: "page-cache", ...describeError(err) }));
      failing = true;
    } finally {
      running = false;
    }
  }, env().PAGE_CACHE_POLL_MS).unref();
}
