import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/server/env";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

type Handle = {
  db: Db;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** A fresh pool on the same server (PostgreSQL only); the old one is ended once its queries finish. */
  reopen?: () => Promise<Handle>;
};

// Kept on globalThis so that Next's module copies (dev reloads, route bundles) share one connection.
const g = globalThis as unknown as { __navalhaDb?: Promise<Handle>; __navalhaDbFailedAt?: number; __navalhaDbReopenedAt?: number };

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

type PgliteClient = import("@electric-sql/pglite").PGlite;

async function createPglite(dataDir?: string): Promise<PgliteClient> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { cube } = await import("@electric-sql/pglite/contrib/cube");
  const { earthdistance } = await import("@electric-sql/pglite/contrib/earthdistance");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const options = { extensions: { btree_gist, cube, earthdistance, pg_trgm } };
  // PGlite creates its folder but not the folders above it (./.data on a fresh checkout).
  if (dataDir && !dataDir.includes("://")) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // new PGlite(undefined, options) ignores the options: an in-memory database takes them alone.
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  return client;
}

/** Embedded PostgreSQL in a folder, or in memory without one. */
export async function openPglite(dataDir?: string): Promise<Handle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await createPglite(dataDir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

export async function openPostgres(url: string, max = env().DATABASE_POOL_MAX): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max,
    onnotice: () => {},
    // Fail fast while the database is down instead of queueing requests for ever.
    connect_timeout: 3,
    // postgres.js waits up to 20 s (growing with each failure) before a closed connection retries, and
    // every waiting query sits behind those retries, each failing one at a time: during an outage
    // requests hung for tens of seconds. A short constant delay fails the queue at once.
    backoff: () => 0.05,
    idle_timeout: 30,
    max_lifetime: 60 * 30,
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  const close = () => client.end({ timeout: 5 });
  const reopen = async () => {
    const fresh = await openPostgres(url, max);
    // Requests that already hold this pool finish on it; ending it at once would fail them too.
    setTimeout(() => void close().catch(() => {}), 10_000).unref();
    return fresh;
  };
  return { db, kind: "postgres", close, reopen };
}

export async function migrateDb(handle: Handle, url?: string) {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!url) throw new Error("migrateDb: the PostgreSQL URL is required");
  // Several app servers may start at once: one connection holds a lock while it migrates,
  // the others wait for it and then find nothing left to do.
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(724310)`;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    await client`select pg_advisory_unlock(724310)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

async function openFromEnv(): Promise<Handle> {
  const e = env();
  const handle = e.DATABASE_URL ? await openPostgres(e.DATABASE_URL) : await openPglite(e.PGLITE_DIR);
  await migrateDb(handle, e.DATABASE_URL);
  return handle;
}

const REOPEN_INTERVAL_MS = 2_000;

/**
 * Called when a request failed because the database could not be reached. postgres.js 3.4.9 can leave
 * a pooled connection unable to ever connect again after its socket died with a write pending (every
 * attempt then ends in CONNECT_TIMEOUT, porsager/postgres#1208, LanternOps/breeze#3225): the next
 * getDb() replaces the whole pool, at most every 2 s, so the app recovers by itself after an outage.
 */
export function reportDatabaseUnavailable() {
  g.__navalhaDbFailedAt = Date.now();
}

function reopenIfFailed() {
  const failedAt = g.__navalhaDbFailedAt;
  const current = g.__navalhaDb;
  if (!failedAt || !current || Date.now() - (g.__navalhaDbReopenedAt ?? 0) < REOPEN_INTERVAL_MS) return;
  g.__navalhaDbFailedAt = undefined;
  g.__navalhaDbReopenedAt = Date.now();
  const next = current.then((handle) => (handle.reopen ? handle.reopen() : handle));
  // Keep serving from the old pool if a new one cannot be made.
  g.__navalhaDb = next.catch(() => current);
}

/** The app's database, migrated on first use. */
export async function getDb(): Promise<Db> {
  reopenIfFailed();
  if (!g.__navalhaDb) {
    g.__navalhaDb = openFromEnv().catch((err) => {
      g.__navalhaDb = undefined; // try again on the next request (the database may come back)
      throw err;
    });
  }
  return (await g.__navalhaDb).db;
}

/** Tests and scripts point the app at a database of their own. */
export function setDb(handle: Handle | undefined) {
  g.__navalhaDb = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb() {
  const current = g.__navalhaDb;
  g.__navalhaDb = undefined;
  if (current) await (await current).close();
}

export type { Handle as DbHandle };
