// The throwaway PostgreSQL database that a database benchmark builds anew for each run.
import postgres from "postgres";
import { type DbHandle, migrateDb, openPostgres } from "@/lib/server/db/client";

/**
 * Drops and creates the benchmark's own database, migrated, and opens a pool of `connections` to it. The
 * database is dropped, so its name must start with `prefix`: never one that someone else fills.
 */
export async function rebuildBenchDatabase(databaseUrl: string, prefix: string, connections: number): Promise<DbHandle> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!new RegExp(`^${prefix}[a-z0-9_]*$`).test(name)) throw new Error(`refusing to rebuild ${name}: its name must start with ${prefix}`);
  const admin = postgres({
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username || "postgres"),
    password: decodeURIComponent(url.password),
    database: "postgres",
    max: 1,
    onnotice: () => {},
  });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const handle = await openPostgres(databaseUrl, connections);
  await migrateDb(handle, databaseUrl);
  return handle;
}
