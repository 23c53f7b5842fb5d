// Fuzzes every documented v3 route: requests built from /v3/openapi.json (valid ones and broken ones:
// wrong types, huge strings, unicode, negative and enormous numbers, missing fields, bad path parameters),
// sent to the real handlers. No answer may be a 5xx, and every answer must match the documented schema.
import { tokenFor } from "@/tests/factories/account";
import { NextRequest } from "next/server";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { ZErrorBody } from "@/lib/contract/common";
import { allRoutes, buildOpenApi } from "@/lib/contract/openapi";
import type { RouteDef } from "@/lib/contract/route-def";
import { users } from "@/lib/server/db/schema";
import { DEMO_EMAIL } from "@/scripts/seed/demo-account";
import { seedDemo } from "@/scripts/seed/seed-demo";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { startFakeGeo, type FakeGeo } from "@/tests/fakes/geo";

const testDb = useTestDb();
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE || 0);
const MIN_TOTAL = 5000;

type Json = Record<string, unknown>;
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

// A small deterministic PRNG, so a failure can be replayed.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

const NASTY_STRINGS = [
  "",
  " ",
  "x".repeat(10_000),
  "ção 😀 日本語 \u202e",
  "\u0000\u0001",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "NaN",
  "-1",
  "1e309",
  "null",
  "{}",
];
const NASTY_VALUES: unknown[] = [null, true, false, 0, -1, -1e12, 1e308, 2 ** 63, 3.14159, [], {}, [1, 2], { a: 1 }, ...NASTY_STRINGS];
const NASTY_PARAMS = ["abc", "-1", "0", "1.5", "99999999999999999999", "%F0%9F%98%80", "1e3", "9007199254740993", "%20", "null"];

/** A plausible value for a JSON Schema (enough to get past validation often). */
function validValue(schema: Json | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (Array.isArray(schema.enum)) return pick(schema.enum as unknown[]);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.anyOf)) return validValue(pick(schema.anyOf as Json[]), depth + 1);
  if (Array.isArray(schema.oneOf)) return validValue(pick(schema.oneOf as Json[]), depth + 1);
  const type = Array.isArray(schema.type) ? pick((schema.type as string[]).filter((t) => t !== "null")) : schema.type;
  switch (type) {
    case "string": {
      const pattern = String(schema.pattern ?? "");
      if (pattern.includes("\\d{4}-\\d{2}-\\d{2}")) {
        const d = new Date(Date.now() + int(-3, 20) * 86_400_000);
        return d.toISOString().slice(0, 10);
      }
      if (pattern.includes("[01]\\d|2[0-3]")) return `${String(int(8, 20)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`;
      if (pattern.includes("\\.\\d{2}")) return `${int(0, 300)}.00`;
      if (schema.format === "email") return `fuzz${int(1, 1e6)}@exemplo.com.br`;
      if (pattern.includes("\\d\\s()+-") || /phone/i.test(String(schema.description ?? ""))) return `(11) 9${int(1000, 9999)}-${int(1000, 9999)}`;
      const min = Number(schema.minLength ?? 0);
      const max = Math.min(Number(schema.maxLength ?? 24), 64);
      const len = Math.max(min, Math.min(max, int(min, Math.max(min, 12))));
      return "abcdefghijklmnopqrstuvwxyz0123456789".repeat(3).slice(0, Math.max(len, min));
    }
    case "integer": {
      const min = Number(schema.minimum ?? 1);
      const max = Math.min(Number(schema.maximum ?? 50), min + 50);
      return int(min, max);
    }
    case "number": {
      const min = Number(schema.minimum ?? -10);
      const max = Math.min(Number(schema.maximum ?? 10), min + 100);
      return min + random() * (max - min);
    }
    case "boolean":
      return random() < 0.5;
    case "array": {
      const n = Math.max(Number(schema.minItems ?? 0), int(0, 3));
      return Array.from({ length: n }, () => validValue(schema.items as Json, depth + 1));
    }
    case "object": {
      const out: Json = {};
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required ?? []) as string[]);
      for (const [k, v] of Object.entries(props)) if (required.has(k) || random() < 0.6) out[k] = validValue(v, depth + 1);
      return out;
    }
    default:
      return "x";
  }
}

/** A broken variant of a valid value: one field wrong, missing, huge, or the whole thing replaced. */
function mutate(value: unknown): unknown {
  const roll = random();
  if (value && typeof value === "object" && !Array.isArray(value) && roll < 0.7) {
    const copy: Json = { ...(value as Json) };
    const keys = Object.keys(copy);
    if (keys.length === 0 || roll < 0.1) {
      copy[pick(["extra", "__proto__", "constructor", "x".repeat(300)])] = pick(NASTY_VALUES);
      return copy;
    }
    const key = pick(keys);
    if (roll < 0.3) delete copy[key];
    else copy[key] = pick(NASTY_VALUES);
    return copy;
  }
  return pick(NASTY_VALUES);
}

function toQueryString(q: unknown): string {
  if (!q || typeof q !== "object" || Array.isArray(q))
    return random() < 0.5 ? "" : `?${encodeURIComponent(String(q))}=${encodeURIComponent(pick(NASTY_STRINGS))}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Json)) {
    if (v === undefined) continue;
    params.append(k, typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

async function loadHandler(route: RouteDef): Promise<Handler | undefined> {
  const dir = route.path.replace(/\{([^}]+)\}/g, "[$1]");
  const mod = (await import(`@/app/v3${dir}/route`)) as Record<string, Handler | undefined>;
  return mod[route.method.toUpperCase()];
}

function schemaFor(route: RouteDef, status: number): z.ZodType | null | undefined {
  return route.responses[status];
}

type Failure = { route: string; status: number; request: string; problem: string };

describe("fuzzing the v3 API from its OpenAPI document", () => {
  let token = "";
  // The CEP lookup and the geocoder of onboarding, as local stand-ins (never the real services from a test).
  let geo: FakeGeo;
  const env = { ...process.env };
  afterAll(async () => {
    process.env = env;
    resetEnvCache();
    await geo?.close();
  });

  beforeAll(async () => {
    geo = await startFakeGeo();
    process.env.CEP_LOOKUP_URL = geo.cepUrl;
    process.env.GEOCODER_URL = geo.geocoderUrl;
    resetEnvCache();
    const { handle } = testDb.current();
    await seedDemo(handle.db, { shops: 6 });
    const [demo] = await handle.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    token = await tokenFor({ id: demo.id, tokenVersion: demo.tokenVersion });
  }, 120_000);

  it(
    `answers no 5xx and only documented shapes to at least ${MIN_TOTAL} generated requests`,
    async () => {
      const doc = buildOpenApi() as { paths: Record<string, Record<string, Json>> };
      const spy = jest.spyOn(console, "error").mockImplementation(() => {});
      const failures: Failure[] = [];
      const routes = allRoutes.filter((r) => r.path !== "/openapi.json");
      const perRoute = REQUESTS_PER_ROUTE || Math.ceil((MIN_TOTAL * 1.1) / Math.max(routes.length, 1));
      let sent = 0;

      for (const route of routes) {
        const handler = await loadHandler(route);
        expect(handler).toBeDefined();
        const op = doc.paths[route.path][route.method] as Json;
        const parameters = (op.parameters ?? []) as { name: string; in: string; schema: Json; required?: boolean }[];
        const bodySchema = ((op.requestBody as Json | undefined)?.content as Record<string, { schema: Json }> | undefined)?.["application/json"]?.schema;

        for (let i = 0; i < perRoute; i++) {
          const broken = random() < 0.6;
          const pathValues: Record<string, string> = {};
          const query: Json = {};
          for (const p of parameters) {
            const v = validValue(p.schema);
            if (p.in === "path") pathValues[p.name] = broken && random() < 0.4 ? pick(NASTY_PARAMS) : String(random() < 0.7 ? int(1, 12) : v);
            else if (p.in === "query" && (p.required || random() < 0.7)) query[p.name] = v;
          }
          const finalQuery = broken && random() < 0.5 ? mutate(query) : query;
          let body: unknown = bodySchema ? validValue(bodySchema) : undefined;
          if (broken && bodySchema && random() < 0.8) body = mutate(body);

          const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? "1"));
          const url = `http://localhost/v3${path}${toQueryString(finalQuery)}`;
          const headers: Record<string, string> = { "accept-language": pick(["pt-BR", "en", "es", "xx", ""]) };
          const auth = random();
          if (auth < 0.6) headers.authorization = `Bearer ${token}`;
          else if (auth < 0.7) headers.authorization = pick(["Bearer garbage", "Bearer ", "Basic abc", `Bearer ${token}x`]);
          let rawBody: string | undefined;
          if (route.method !== "get" && route.method !== "delete") {
            const asText = random() < 0.08;
            rawBody = asText ? pick(["{not json", "[]", "", "\u0000", "null"]) : JSON.stringify(body ?? {});
            headers["content-type"] = random() < 0.05 ? "text/plain" : "application/json";
          }
          if (route.headers && random() < 0.5) headers["idempotency-key"] = pick([crypto.randomUUID(), "", "x".repeat(500)]);

          const req = new NextRequest(url, { method: route.method.toUpperCase(), headers, body: rawBody });
          const described = `${route.method.toUpperCase()} ${url} ${rawBody?.slice(0, 200) ?? ""}`;
          let res: Response;
          try {
            res = await handler!(req, { params: Promise.resolve(pathValues) });
          } catch (err) {
            failures.push({ route: route.path, status: -1, request: described, problem: `threw: ${String(err)}` });
            continue;
          }
          sent++;
          const text = await res.text();
          if (res.status >= 500) {
            failures.push({ route: route.path, status: res.status, request: described, problem: text.slice(0, 300) });
            continue;
          }
          const contentType = res.headers.get("content-type") ?? "";
          if (!contentType.includes("json")) continue; // e.g. an .ics download, documented without a JSON schema
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            failures.push({ route: route.path, status: res.status, request: described, problem: "answer is not JSON" });
            continue;
          }
          const documented = schemaFor(route, res.status);
          const schema = documented ?? (res.status >= 400 ? ZErrorBody : undefined);
          if (!schema) {
            failures.push({ route: route.path, status: res.status, request: described, problem: "status not documented" });
            continue;
          }
          const check = schema.safeParse(parsed);
          if (!check.success) {
            failures.push({
              route: route.path,
              status: res.status,
              request: described,
              problem: check.error.issues
                .slice(0, 3)
                .map((i) => `${i.path.join(".")}: ${i.message}`)
                .join("; "),
            });
          }
        }
      }
      spy.mockRestore();
      expect(failures.slice(0, 15)).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(MIN_TOTAL);
    },
    15 * 60_000,
  );
});
