import { closeDb, getDb, openPostgres, postgresTarget, reportDatabaseUnavailable, setDb } from "./client";

// postgres.js can leave a pooled connection that never connects again after an outage: a failure
// reported by a request makes the next getDb() hand out a fresh pool, at most every 2 s.
describe("replacing the PostgreSQL pool after the database was unreachable", () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(() => closeDb());

  it("gives a new pool after a reported failure, and not more often than every 2 s", async () => {
    // Nothing listens on port 1; postgres.js connects only when a query runs, so no query is needed here.
    setDb(await openPostgres("postgres://postgres@127.0.0.1:1/navalha", 1));
    const first = await getDb();
    expect(await getDb()).toBe(first);

    let now = Date.now() + 60_000;
    jest.spyOn(Date, "now").mockImplementation(() => now);
    reportDatabaseUnavailable();
    const second = await getDb();
    expect(second).not.toBe(first);

    now += 500;
    reportDatabaseUnavailable();
    expect(await getDb()).toBe(second);

    now += 2_000;
    expect(await getDb()).not.toBe(second);
  });
});

describe("postgresTarget", () => {
  it("leaves a TCP URL as it is", () => {
    expect(postgresTarget("postgres://postgres@127.0.0.1:5432/app")).toEqual({ url: "postgres://postgres@127.0.0.1:5432/app" });
  });

  it("turns libpq's ?host=/folder into postgres.js's socket path, keeping the other parameters", () => {
    expect(postgresTarget("postgres://postgres@localhost/app?host=/var/run/postgresql/&sslmode=disable")).toEqual({
      url: "postgres://postgres@localhost/app?sslmode=disable",
      path: "/var/run/postgresql/.s.PGSQL.5432",
    });
    expect(postgresTarget("postgres://u@localhost:6432/app?host=/tmp").path).toBe("/tmp/.s.PGSQL.6432");
  });
});
