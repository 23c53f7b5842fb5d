import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { markDatabaseSuspect, registerDatabaseProbe } from "@/lib/edge/db-health";
import { env, type TEnv } from "@/lib/server/env";
import { isDatabaseUnavailable } from "@/lib/server/http/errors";
import * as schema from "./schema";
import { linkLibrariesOneAtATime } from "./pglite-dylibs";
import { guardBackend, type PgliteInternals } from "./pglite-guard";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

type Handle = {
  db: Db;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** A fresh pool on the same server (PostgreSQL only); the old one is ended once its queries finish. */
  reopen?: () => Promise<Handle>;
  /** The whole data folder as one archive (PGlite only), for openPglite's `from`. */
  dump?: () => Promise<Blob | File>;
};

/** One database the app keeps open: the primary, or the read replica. */
type Slot = {
  handle?: Promise<Handle>;
  /** When a request last found the database unreachable, and when the pool was last renewed. */
  failedAt?: number;
  reopenedAt?: number;
  /** Set by a test, which closes it itself. */
  given?: boolean;
};

// Kept on globalThis so that Next's module copies (dev reloads, route bundles) share one connection.
const g = globalThis as unknown as { __navalhaDbSlots?: { primary: Slot; read: Slot } };
const slots = (g.__navalhaDbSlots ??= { primary: {}, read: {} });

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

type PgliteClient = import("@electric-sql/pglite").PGlite;

async function createPglite(dataDir?: string, from?: Blob): Promise<PgliteClient> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { cube } = await import("@electric-sql/pglite/contrib/cube");
  const { earthdistance } = await import("@electric-sql/pglite/contrib/earthdistance");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  // Last, so that it sees the options the extensions before it may have set.
  const options = { extensions: { btree_gist, cube, earthdistance, pg_trgm, unaccent, linkLibrariesOneAtATime }, ...(from ? { loadDataDir: from } : {}) };
  // PGlite creates its folder but not the folders above it (./.data on a fresh checkout).
  if (dataDir && !dataDir.includes("://")) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  // new PGlite(undefined, options) ignores the options: an in-memory database takes them alone.
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  guardBackend(client as unknown as PgliteInternals);
  return client;
}

/**
 * Embedded PostgreSQL in a folder, or in memory without one; `from` starts it from a dump of another's data folder
 * (dumpPglite) instead of an empty cluster.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Handle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await createPglite(dataDir, from);
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close(), dump: () => client.dumpDataDir("none") };
}

/**
 * A URL and, for a Unix socket, its path. Like libpq, `?host=/var/run/postgresql` names the
 * socket's folder (postgres.js only reads a socket from its own `path` option): on the database's
 * own machine a socket costs less per query than TCP over loopback.
 */
export function postgresTarget(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host");
  if (!host?.startsWith("/")) return { url };
  parsed.searchParams.delete("host");
  return { url: parsed.toString(), path: `${host.replace(/\/$/, "")}/.s.PGSQL.${parsed.port || "5432"}` };
}

/**
 * Session settings sent when a connection starts: a statement that runs away, or a transaction left
 * open by a request that died, is ended by PostgreSQL instead of holding a pooled connection and its
 * locks. 0 sends nothing (e.g. behind a PgBouncer that refuses unknown start-up parameters: set them
 * on the role there, `ALTER ROLE … SET statement_timeout = '15s'`).
 */
export function sessionSettings(e: Pick<TEnv, "DATABASE_STATEMENT_TIMEOUT_MS" | "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS">): Record<string, string> {
  const settings: Record<string, string> = {};
  if (e.DATABASE_STATEMENT_TIMEOUT_MS > 0) settings.statement_timeout = String(e.DATABASE_STATEMENT_TIMEOUT_MS);
  if (e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS > 0) settings.idle_in_transaction_session_timeout = String(e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS);
  return settings;
}

export async function openPostgres(url: string, max = env().DATABASE_POOL_MAX): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const target = postgresTarget(url);
  const client = postgres(target.url, {
    path: target.path,
    max,
    onnotice: () => {},
    connection: sessionSettings(env()),
    // Fail fast while the database is down instead of queueing requests for ever.
    connect_timeout: 3,
    // postgres.js waits up to 20 s (growing with each failure) before a closed connection retries, and
    // every waiting query sits behind those retries, each failing one at a time: during an outage
    // requests hung for tens of seconds. A short constant delay fails the queue at once.
    backoff: () => 0.05,
    idle_timeout: 30,
    max_lifetime: 60 * 30,
    // A pooled connection that closes may be the first sign of an outage, before any page meets it: the
    // next page then probes first (one `select 1`, at most a second apart) and answers 503 if it is down.
    onclose: () => markDatabaseSuspect(),
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
  const target = postgresTarget(url);
  const client = postgres(target.url, { path: target.path, max: 1, onnotice: () => {} });
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
 * getDb() (and getReadDb()) replaces the whole pool, at most every 2 s, so the app recovers by itself
 * after an outage. Which of the two failed is not known here, so both are renewed.
 */
export function reportDatabaseUnavailable() {
  slots.primary.failedAt = Date.now();
  slots.read.failedAt = Date.now();
  // Pages then answer 503 until a probe reaches the database again (proxy.ts, lib/edge/db-health.ts).
  markDatabaseSuspect();
}

// What proxy.ts runs before a page while the database is suspect. Pages read both databases; the
// primary stands for both (a replica's outage alone is left to the pages' own error answer).
registerDatabaseProbe(async () => {
  try {
    await (await getDb()).execute(sql`select 1`);
  } catch (err) {
    if (isDatabaseUnavailable(err)) reportDatabaseUnavailable();
    throw err;
  }
});

function renewIfFailed(slot: Slot) {
  const current = slot.handle;
  if (!slot.failedAt || !current || Date.now() - (slot.reopenedAt ?? 0) < REOPEN_INTERVAL_MS) return;
  slot.failedAt = undefined;
  slot.reopenedAt = Date.now();
  const next = current.then((handle) => (handle.reopen ? handle.reopen() : handle));
  // Keep serving from the old pool if a new one cannot be made.
  slot.handle = next.catch(() => current);
}

/** The slot's database, opened on first use (and again on the next request if opening failed). */
async function dbOf(slot: Slot, open: () => Promise<Handle>): Promise<Db> {
  renewIfFailed(slot);
  if (!slot.handle) {
    slot.handle = open().catch((err) => {
      slot.handle = undefined; // try again on the next request (the database may come back)
      throw err;
    });
  }
  return (await slot.handle).db;
}

/** The app's database, migrated on first use. */
export function getDb(): Promise<Db> {
  return dbOf(slots.primary, openFromEnv);
}

/**
 * The database for reads that may lag the primary by a moment: the shop lists, shop and city pages,
 * reviews, teams, services, places and the sitemap. With DATABASE_READ_URL (a streaming replica, or a
 * pooler in front of several) they go there; without it, this is getDb(). Free times, bookings,
 * accounts, favourites and appointments always read the primary: a free time shown must be truly
 * free, and a person must see what they have just saved.
 */
export function getReadDb(): Promise<Db> {
  const { DATABASE_URL, DATABASE_READ_URL } = env();
  if (!slots.read.handle && !(DATABASE_URL && DATABASE_READ_URL)) return getDb();
  // The replica follows the primary's schema: it is never migrated itself.
  return dbOf(slots.read, () => openPostgres(DATABASE_READ_URL as string));
}

/** Tests and scripts point the app at a database of their own. */
export function setDb(handle: Handle | undefined) {
  slots.primary.handle = handle ? Promise.resolve(handle) : undefined;
}

/** Tests point the reads at a database of their own (a stand-in for a replica; theirs to close); undefined to stop. */
export function setReadDb(handle: Handle | undefined) {
  slots.read.handle = handle ? Promise.resolve(handle) : undefined;
  slots.read.given = Boolean(handle);
}

export async function closeDb() {
  const opened = [slots.primary.handle, slots.read.given ? undefined : slots.read.handle];
  slots.primary.handle = undefined;
  slots.read.handle = undefined;
  slots.read.given = false;
  for (const handle of opened) if (handle) await (await handle).close();
}

export type { Handle as DbHandle };
