import { NextRequest } from "next/server";
import type { Db } from "@/lib/server/db/client";
import { outbox } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { afterResponse, settleAfterResponse } from "@/lib/server/http/after-response";
import { route } from "@/lib/server/http/handler";

// A write that fails on the database (here a message for a booking that does not exist) with a live reset code and
// an e-mail address among its parameters: the log says what failed and the database's code and message, and holds
// neither value. Drizzle's own error message lists every parameter of the statement.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const CODE = "039751";
const EMAIL = "ana.secreta@example.com";
const failingWrite = () =>
  db()
    .insert(outbox)
    .values({ channel: "email", recipient: EMAIL, body: `Seu código para redefinir a senha é ${CODE}`, appointmentId: 987_654_321 });

async function logged(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(args.map((a) => (typeof a === "string" ? a : String(a))).join(" "));
  const spies = (["error", "warn", "log", "info"] as const).map((level) => jest.spyOn(console, level).mockImplementation(capture));
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join("\n");
}

describe("a failed write in the log", () => {
  it("the driver's error carries the parameters (what the log must not copy)", async () => {
    const err = await failingWrite().then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((err as Error).message)).toContain(CODE);
  });

  it("a route's 500 logs the statement and the database's code and message, not the parameters", async () => {
    let status = 0;
    const log = await logged(async () => {
      const res = await route(async () => {
        await failingWrite();
        return new Response(null, { status: 204 });
      })(new NextRequest("http://localhost/v3/send-whatsapp", { method: "POST" }));
      status = res.status;
      expect(await res.text()).not.toContain(CODE);
    });
    expect(status).toBe(500);
    expect(log).toContain('insert into \\"outbox\\"');
    expect(log).toContain("(23503)");
    expect(log).toMatch(/foreign key/);
    expect(log).not.toContain(CODE);
    expect(log).not.toContain(EMAIL);
  });

  it("work after the answer logs its failure the same way", async () => {
    const log = await logged(async () => {
      afterResponse(() => failingWrite(), "send reset code");
      await settleAfterResponse();
    });
    expect(log).toContain("(23503)");
    expect(log).not.toContain(CODE);
    expect(log).not.toContain(EMAIL);
  });
});
