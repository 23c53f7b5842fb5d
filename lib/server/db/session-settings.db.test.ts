import { isDatabaseSuspect, resetDatabaseHealth } from "@/lib/edge/db-health";
import { resetEnvCache } from "@/lib/server/env";
import { openPostgres } from "./client";

// PGlite runs in this process with one session and no timer signals: the settings are PostgreSQL's only.
const url = process.env.DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres("the app's PostgreSQL sessions", () => {
  afterEach(() => {
    delete process.env.DATABASE_STATEMENT_TIMEOUT_MS;
    delete process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS;
    resetEnvCache();
  });

  async function show(): Promise<{ statement: string; idle: string }> {
    resetEnvCache();
    const handle = await openPostgres(url as string, 1);
    try {
      const { sql } = await import("drizzle-orm");
      const [statement] = (await handle.db.execute(sql`show statement_timeout`)) as unknown as { statement_timeout: string }[];
      const [idle] = (await handle.db.execute(sql`show idle_in_transaction_session_timeout`)) as unknown as { idle_in_transaction_session_timeout: string }[];
      return { statement: statement.statement_timeout, idle: idle.idle_in_transaction_session_timeout };
    } finally {
      await handle.close();
    }
  }

  it("end runaway statements after 15 s and idle transactions after 30 s by default", async () => {
    expect(await show()).toEqual({ statement: "15s", idle: "30s" });
  });

  it("take the values from the environment", async () => {
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = "2500";
    process.env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS = "60000";
    expect(await show()).toEqual({ statement: "2500ms", idle: "1min" });
  });

  it("cancel a statement that runs longer", async () => {
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = "200";
    resetEnvCache();
    const handle = await openPostgres(url as string, 1);
    try {
      const { sql } = await import("drizzle-orm");
      await expect(handle.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({ cause: expect.objectContaining({ code: "57014" }) });
    } finally {
      await handle.close();
    }
  });

  it("make the database suspect as soon as a pooled connection is closed under them (pages then probe first)", async () => {
    resetDatabaseHealth();
    const handle = await openPostgres(url as string, 1);
    const other = await openPostgres(url as string, 1);
    try {
      const { sql } = await import("drizzle-orm");
      const [{ pid }] = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
      expect(isDatabaseSuspect()).toBe(false);
      await other.db.execute(sql`select pg_terminate_backend(${pid})`);
      // The close reaches the client as a socket event: wait for it (bounded), no query needed.
      for (let i = 0; i < 100 && !isDatabaseSuspect(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(isDatabaseSuspect()).toBe(true);
    } finally {
      await handle.close();
      await other.close();
      resetDatabaseHealth();
    }
  });
});
