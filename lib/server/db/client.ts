import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/server/env";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

type Handle = { db: Db; close: () => Promise<void>; kind: "pglite" | "postgres" };

// Kept on globalThis so that Next's module copies (dev reloads, route bundles) share one connection.
const g = globalThis as unknown as { __navalhaDb?: Promise<Handle> };

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
    idle_timeout: 30,
    max_lifetime: 60 * 30,
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
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

/** The app's database, migrated on first use. */
export async function getDb(): Promise<Db> {
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
