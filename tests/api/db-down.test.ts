import { NextRequest } from "next/server";
import { GET as health } from "@/app/v3/health/route";
import { closeDb, openPostgres, setDb } from "@/lib/server/db/client";

// Nothing listens on port 1: every query fails to connect, as when PostgreSQL is down.
describe("when the database is unreachable", () => {
  beforeAll(async () => setDb(await openPostgres("postgres://postgres@127.0.0.1:1/navalha", 1)));
  afterAll(() => closeDb());

  it("answers 503 with a clear message, and no internals", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const res = await health(new NextRequest("http://localhost/v3/health", { headers: { "accept-language": "en" } }));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({
      error: "The service is temporarily unavailable. Please try again in a moment.",
      code: "DATABASE_UNAVAILABLE",
    });
    spy.mockRestore();
  });
});
