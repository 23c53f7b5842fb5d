import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { MAX_AVATAR_BYTES } from "@/lib/server/uploads/avatar";
import { createClient } from "@/tests/factories/booking";
import { randomIp } from "@/tests/factories/account";

// Every v3 route file, found on disk, called with each method it serves that may carry a body, by a signed-in
// client, with an 8 MB chunked body (no Content-Length: only the byte count can stop it) as JSON, as a plain form
// and as multipart. A route that starts reading the body stops at its cap with 413 and cancels the stream: it
// never reads it to its end. A route may also answer before it reads anything (a catch-all's 404, a 415).
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const root = path.join(process.cwd(), "app", "v3");
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const CHUNK = 16 * 1024;
const BODY_BYTES = 8 * 1024 * 1024;
const JSON_CAP = 64 * 1024;
// What a stream may read past the cap before the reader sees it (its queue, one chunk in flight).
const READ_AHEAD = 4 * CHUNK;
const CAPS: Record<string, number> = {
  "/v3/update-profile-image/client": MAX_AVATAR_BYTES + 64 * 1024,
  "/v3/webhooks/whatsapp": 1024 * 1024,
};
const TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=----navalha"];

function routeFiles(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const cases = routeFiles().flatMap((file) => {
  const source = fs.readFileSync(file, "utf8");
  const dir = path.relative(root, path.dirname(file)).split(path.sep);
  const name = `/v3/${dir.join("/")}`;
  // Path parameters as a client would write them ([id] → 1, [status] → cancelled, [...path] → x).
  const params: Record<string, string | string[]> = {};
  const url = `/v3/${dir
    .map((part) => {
      const catchAll = part.match(/^\[\.\.\.(\w+)\]$/)?.[1];
      if (catchAll) return (params[catchAll] = ["x"]).join("/");
      const param = part.match(/^\[(\w+)\]$/)?.[1];
      if (!param) return part;
      return (params[param] = param === "status" ? "cancelled" : "1");
    })
    .join("/")}`;
  return BODY_METHODS.filter((m) => new RegExp(`^export const ${m}\\b`, "m").test(source)).map((method) => ({ name, method, file, url, params }));
});

/** An 8 MB body in 16 KB chunks that counts what was read and tells whether it was cancelled. */
function countedBody() {
  const seen = { bytes: 0, cancelled: false };
  const chunk = new TextEncoder().encode("a".repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.bytes >= BODY_BYTES) return controller.close();
        seen.bytes += CHUNK;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  ); // nothing is pulled until the route reads
  return { stream, seen };
}

type Handler = (req: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
const reached = new Set<string>();

describe("a body larger than the cap", () => {
  it("finds the routes that take a body", () => {
    expect(cases.length).toBeGreaterThan(30);
    expect(cases.map((c) => `${c.method} ${c.name}`)).toEqual(
      expect.arrayContaining(["POST /v3/appointments/answer", "POST /v3/waitlist/guest/[id]/leave", "PUT /v3/user-data"]),
    );
  });

  it.each(cases)("$method $name answers 413 at its cap, never reading the body to its end", async ({ name, method, file, url, params }) => {
    const handler = ((await import(file)) as Record<string, Handler>)[method];
    const cap = CAPS[name] ?? JSON_CAP;
    // A client of its own: a route before may have signed the last one out.
    const { token } = await createClient(db());
    for (const type of TYPES) {
      const { stream, seen } = countedBody();
      const req = new NextRequest(`http://localhost${url}?t=x`, {
        method,
        body: stream,
        duplex: "half",
        headers: { "content-type": type, authorization: `Bearer ${token}`, "x-forwarded-for": randomIp(), "accept-language": "en" },
      } as unknown as ConstructorParameters<typeof NextRequest>[1]);
      const res = await handler(req, { params: Promise.resolve(params) });
      const answer = res.status === 413 ? ((await res.json()) as { code: string }).code : (await res.body?.cancel(), res.status);
      if (seen.bytes === 0) continue;
      reached.add(`${method} ${name}`);
      expect({ type, answer, cancelled: seen.cancelled, withinCap: seen.bytes <= cap + READ_AHEAD }).toEqual({
        type,
        answer: "PAYLOAD_TOO_LARGE",
        cancelled: true,
        withinCap: true,
      });
    }
  });

  it("was read, and refused, by the routes that read a body", () => {
    const readers = [
      "POST /v3/appointments/answer",
      "POST /v3/appointments/review-by-link",
      "POST /v3/appointments/rebook-by-link",
      "POST /v3/waitlist/guest/[id]/leave",
      "POST /v3/login",
      "PUT /v3/user-data",
      "POST /v3/update-profile-image/client",
    ];
    expect(readers.filter((r) => !reached.has(r))).toEqual([]);
  });
});
