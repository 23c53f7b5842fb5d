import "server-only";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client";

// Statements run often with the same text: compiled once per shape (with placeholders) and run as
// named prepared statements on PostgreSQL, where planning a large statement costs more than running it.

const dialect = new PgDialect();
const compiled = new Map<string, { sql: string; params: unknown[] }>();
const CACHE_MAX = 1000;

/**
 * The text of a statement compiled once per `key` from `build()` (whose values are
 * sql.placeholder(name)s), with `values` bound by name.
 */
export function compileOnce(key: string, build: () => SQL, values: Record<string, unknown>): { sql: string; params: unknown[] } {
  let found = compiled.get(key);
  if (!found) {
    if (compiled.size >= CACHE_MAX) compiled.clear();
    const { sql: text, params } = dialect.sqlToQuery(build());
    found = { sql: text, params };
    compiled.set(key, found);
  }
  return { sql: found.sql, params: fillPlaceholders(found.params, values) };
}

/** The same statement compiled with its values (the cache's reference in tests). */
export function compileDirect(statement: SQL): { sql: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
}

type PostgresJsClient = { unsafe: (query: string, params: unknown[], options: { prepare: boolean }) => Promise<Record<string, unknown>[]> };
type PgliteClient = { query: (query: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/**
 * Runs a compiled statement. On PostgreSQL it is by default a named prepared statement: postgres.js
 * reuses it per connection and SQL text, and PostgreSQL may then plan it once for any values (a
 * generic plan). `prepare: false` keeps a plan per call (for a statement whose generic plan is poor).
 * PGlite runs the same text and parameters. A transaction (no client of its own) returns null: the
 * caller runs its SQL tree instead.
 */
export async function runPrepared(
  db: Executor,
  statement: () => { sql: string; params: unknown[] },
  options: { prepare?: boolean } = {},
): Promise<Record<string, unknown>[] | null> {
  const client = (db as { $client?: unknown }).$client as Partial<PostgresJsClient & PgliteClient> | undefined;
  if (client && typeof client.unsafe === "function" && !("query" in client)) {
    const { sql: text, params } = statement();
    return [...(await client.unsafe(text, params, { prepare: options.prepare ?? true }))];
  }
  if (client && typeof client.query === "function") {
    const { sql: text, params } = statement();
    return (await client.query(text, params)).rows;
  }
  return null;
}
