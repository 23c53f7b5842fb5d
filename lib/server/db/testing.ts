// A fresh, migrated database for one test file: in-memory PGlite by default, or a new
// database on the PostgreSQL server of DATABASE_URL (dropped afterwards).
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { closeDb, type DbHandle, MIGRATIONS_FOLDER, migrateDb, openPglite, openPostgres, setDb } from "./client";

export type TestDb = { handle: DbHandle; url?: string; drop: () => Promise<void> };

/** The migrations and the PGlite build they ran on, as one name: a template made from other ones is never used. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(fs.readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  hash.update(pglite.version);
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated, empty PGlite data folder as an archive, made once per set of migrations and kept under
 * node_modules/.cache: a file's database starts from it in about a second instead of running initdb and every
 * migration (about 4 s each, for each of the 40-odd files). Two workers that make it at once each write their own and
 * rename it into place.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(process.cwd(), "node_modules/.cache/navalha", `pglite-template-${templateKey()}.tar`);
  if (!fs.existsSync(file)) {
    const handle = await openPglite();
    await migrateDb(handle);
    const dump = await handle.dump!();
    await handle.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(3).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * The same on PostgreSQL: a database migrated once per set of migrations, which each file's database copies
 * (CREATE DATABASE … TEMPLATE). The first worker makes it under an advisory lock; the others wait for it.
 */
async function postgresTemplate(admin: import("postgres").Sql, baseUrl: string): Promise<string> {
  const name = `navalha_template_${templateKey()}`;
  await admin`select pg_advisory_lock(724311)`;
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) {
      const building = `${name}_building`;
      await admin.unsafe(`drop database if exists ${building}`);
      await admin.unsafe(`create database ${building}`);
      const url = new URL(baseUrl);
      url.pathname = `/${building}`;
      await migrateDb({ kind: "postgres" } as DbHandle, url.toString());
      await admin.unsafe(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin`select pg_advisory_unlock(724311)`;
  }
  return name;
}

export async function createTestDb(): Promise<TestDb> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openPglite(undefined, await pgliteTemplate());
    // Finds every migration applied (the template's journal) and runs none; kept so that a stale template cannot pass.
    await migrateDb(handle);
    return { handle, drop: () => handle.close() };
  }
  const { default: postgres } = await import("postgres");
  const name = `navalha_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${await postgresTemplate(admin, baseUrl)}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 10);
  await migrateDb(handle, url.toString());
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Gives the file its own database for all its tests and makes the app's getDb() return it. */
export function useTestDb(): { current: () => TestDb } {
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
    setDb(testDb.handle);
  }, 60_000);
  afterAll(async () => {
    setDb(undefined);
    await testDb?.drop();
    await closeDb();
  }, 60_000);
  return {
    current: () => {
      if (!testDb) throw new Error("useTestDb: the database is not ready");
      return testDb;
    },
  };
}
