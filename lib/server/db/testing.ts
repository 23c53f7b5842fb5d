// A fresh, migrated database for one test file: in-memory PGlite by default, or a new
// database on the PostgreSQL server of DATABASE_URL (dropped afterwards).
import { randomBytes } from "node:crypto";
import { closeDb, type DbHandle, migrateDb, openPglite, openPostgres, setDb } from "./client";

export type TestDb = { handle: DbHandle; url?: string; drop: () => Promise<void> };

export async function createTestDb(): Promise<TestDb> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openPglite();
    await migrateDb(handle);
    return { handle, drop: () => handle.close() };
  }
  const { default: postgres } = await import("postgres");
  const name = `navalha_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
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
