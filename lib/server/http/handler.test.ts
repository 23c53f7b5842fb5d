import { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "./errors";
import { describeError } from "@/lib/server/describe-error";
import { json, readJson, readParams, readQuery, route } from "./handler";

const ZBody = z.object({ name: z.string().min(3), age: z.number().int().min(0) });
const echo = route<{ id: string }>(async (ctx) => {
  const { id } = readParams(ctx, z.object({ id: z.coerce.number().int().positive() }));
  const q = readQuery(ctx, z.object({ skip: z.coerce.number().int().min(0).default(0) }));
  const body = await readJson(ctx, ZBody);
  return json({ id, skip: q.skip, body });
});

function post(body: string, headers: Record<string, string> = {}, id = "1", query = "") {
  const req = new NextRequest(`http://localhost/v3/echo/${id}${query}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
  return echo(req, { params: Promise.resolve({ id }) });
}

describe("route() and the request readers", () => {
  it("passes valid input through", async () => {
    const res = await post(JSON.stringify({ name: "Ana", age: 3 }), {}, "5", "?skip=20");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 5, skip: 20, body: { name: "Ana", age: 3 } });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 400 INVALID_JSON for a body that is not JSON", async () => {
    const res = await post("{nope", { "accept-language": "en" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "The request body is not valid JSON.", code: "INVALID_JSON" });
  });

  it("answers 400 VALIDATION_FAILED with translated details", async () => {
    const res = await post(JSON.stringify({ name: "Al", age: -1 }), { "accept-language": "pt-BR" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.error).toBe("Por favor, revise os dados inseridos");
    expect(body.details).toEqual([
      { path: "name", message: "Deve ter pelo menos 3 caracteres." },
      { path: "age", message: "Deve ser no mínimo 0." },
    ]);
  });

  it("tells a field left out or empty (required) from one of another type (in words, not zod's type name)", async () => {
    const res = await post(JSON.stringify({ name: "  ", age: "3" }), { "accept-language": "es" });
    expect((await res.json()).details).toEqual([
      { path: "name", message: "Obligatorio." },
      { path: "age", message: "Debe ser un número." },
    ]);
    const out = await post(JSON.stringify({}), { "accept-language": "en" });
    expect((await out.json()).details).toEqual([
      { path: "name", message: "Required." },
      { path: "age", message: "Required." },
    ]);
  });

  it("says an id must be more than 0, not at least 0, in the request's language", async () => {
    for (const [lng, message] of [
      ["pt-BR", "Deve ser maior que 0."],
      ["en", "Must be greater than 0."],
      ["es", "Debe ser mayor que 0."],
    ]) {
      const res = await post(JSON.stringify({ name: "Ana", age: 1 }), { "accept-language": lng }, "0");
      expect(res.status).toBe(400);
      expect((await res.json()).details).toEqual([{ path: "id", message }]);
    }
  });

  it("answers 400 for a malformed id and a bad query", async () => {
    expect((await post("{}", {}, "abc")).status).toBe(400);
    expect((await post(JSON.stringify({ name: "Ana", age: 1 }), {}, "1", "?skip=-5")).status).toBe(400);
  });

  it("answers 415 for another media type and 413 for a huge body", async () => {
    expect((await post("name=x", { "content-type": "text/plain" })).status).toBe(415);
    const huge = JSON.stringify({ name: "x".repeat(70_000), age: 1 });
    const res = await post(huge);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers 413 to an endless chunked body without reading it to the end", async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    // 200 MB in 16 KB chunks, with no content-length: only the byte count can stop it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 12_800) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const req = new NextRequest("http://localhost/v3/echo/1", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as unknown as ConstructorParameters<typeof NextRequest>[1]);
    expect(req.headers.get("content-length")).toBeNull();
    const res = await echo(req, { params: Promise.resolve({ id: "1" }) });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("PAYLOAD_TOO_LARGE");
    expect(cancelled).toBe(true);
    // 64 KB is four chunks; the stream may read a little ahead, never the 200 MB.
    expect(pulled).toBeLessThan(10);
  });

  it("answers 400 INVALID_JSON for a body that is not UTF-8", async () => {
    const req = new NextRequest("http://localhost/v3/echo/1", {
      method: "POST",
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      headers: { "content-type": "application/json" },
    });
    const res = await echo(req, { params: Promise.resolve({ id: "1" }) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("INVALID_JSON");
  });

  it("hides internals of unexpected errors behind a generic 500", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const boom = route(async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await boom(new NextRequest("http://localhost/v3/boom", { headers: { "accept-language": "es" } }));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret_table");
    expect(JSON.parse(text)).toEqual({ error: "Ocurrió un error al realizar esta acción, por favor inténtalo de nuevo.", code: "INTERNAL" });
    spy.mockRestore();
  });

  it("logs the causes a driver wraps, also errors made in another realm", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    // What PGlite's error looks like from inside Jest's VM modules: an error-shaped object that is not `instanceof Error`.
    const foreign = Object.assign(Object.create(null), { name: "error", message: "operator does not exist: text % integer", code: "42883" });
    const boom = route(async () => {
      throw new Error("Failed query: select …", { cause: foreign });
    });
    const res = await boom(new NextRequest("http://localhost/v3/boom"));
    expect(res.status).toBe(500);
    const logged = JSON.parse(String(spy.mock.calls[0][0]));
    expect(logged).toMatchObject({ msg: "Failed query: select …", cause: ["error: operator does not exist: text % integer (42883)"] });
    expect(await res.text()).not.toContain("operator");
    expect(describeError({ weird: true })).toEqual({ msg: '{"weird":true}' });
    spy.mockRestore();
  });

  it("answers 503 when the database cannot be reached", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const down = route(async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    });
    const res = await down(new NextRequest("http://localhost/v3/x"));
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe("DATABASE_UNAVAILABLE");
    spy.mockRestore();
  });

  it("keeps an AppError's status, headers and message", async () => {
    const limited = route(async () => {
      throw new AppError("TOO_MANY_REQUESTS", { headers: { "retry-after": "60" } });
    });
    const res = await limited(new NextRequest("http://localhost/v3/x", { headers: { "accept-language": "en" } }));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect((await res.json()).error).toBe("Too many attempts. Please wait and try again.");
  });
});

describe("NUL characters", () => {
  it("are refused as bad input in bodies, queries and path parameters", async () => {
    expect((await post(JSON.stringify({ name: "An\u0000a", age: 1 }))).status).toBe(400);
    expect((await post(JSON.stringify({ name: "Ana", age: 1 }), {}, "1", "?skip=%00")).status).toBe(400);
  });
});

// What the server writes to its log when a handler fails: the path, never the query or the token.
describe("route() logging", () => {
  const secret = "s3cr3t-manage-token-0123456789";
  const bearer = "eyJhbGciOiJIUzI1NiJ9.payload.signature";

  it("logs only the method and path of a failing request, not its query string or Authorization", async () => {
    const logged: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    try {
      const failing = route(async () => {
        throw new Error("boom");
      });
      const req = new NextRequest(`http://localhost/v3/client/appointments/7?manage_token=${secret}&token=${secret}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      const res = await failing(req);
      expect(res.status).toBe(500);
      const body = (await res.json()) as { code: string };
      expect(body.code).toBe("INTERNAL");
      expect(JSON.stringify(body)).not.toContain("boom");
    } finally {
      spy.mockRestore();
    }
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0])).toMatchObject({ level: "error", where: "GET /v3/client/appointments/7" });
    expect(logged[0]).not.toContain(secret);
    expect(logged[0]).not.toContain(bearer);
  });
});
