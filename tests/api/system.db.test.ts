import { NextRequest } from "next/server";
import { GET as health } from "@/app/v3/health/route";
import { GET as notFoundRoute, POST as notFoundPost } from "@/app/v3/[...path]/route";
import { useTestDb } from "@/lib/server/db/testing";

useTestDb();

const req = (url: string, init?: RequestInit) => new NextRequest(new URL(url, "http://localhost"), init as never);

describe("GET /v3/health", () => {
  it("answers ok when the database answers", async () => {
    const res = await health(req("/v3/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });
});

describe("unknown /v3 routes", () => {
  it("answer 404 with the contract's error body in the caller's language", async () => {
    const res = await notFoundRoute(req("/v3/nope", { headers: { "accept-language": "es" } }), {
      params: Promise.resolve({ path: ["nope"] }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Esta ruta de la API no existe.", code: "NOT_FOUND" });
  });

  it("fall back to Portuguese for an unknown language", async () => {
    const res = await notFoundPost(req("/v3/nope", { method: "POST", headers: { "accept-language": "xx" } }), {
      params: Promise.resolve({ path: ["nope"] }),
    });
    expect((await res.json()).error).toBe("Esta rota da API não existe.");
  });
});
