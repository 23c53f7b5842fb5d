import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import { GET } from "@/app/v3/openapi.json/route";
import { allRoutes } from "@/lib/contract/openapi";
import { resetEnvCache } from "@/lib/server/env";

const execFileAsync = promisify(execFile);

// Every handler under app/v3 is documented, and every documented route has a handler.
function handlerRoutes(): string[] {
  const root = path.join(process.cwd(), "app", "v3");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const rel = path.relative(root, dir).split(path.sep);
        if (rel[0]?.startsWith("[...")) continue; // the catch-all 404
        const apiPath = "/" + rel.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/");
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b/g)) found.push(`${m[1].toLowerCase()} ${apiPath}`);
      }
    }
  };
  walk(root);
  return found.sort();
}

describe("GET /v3/openapi.json", () => {
  it("is an OpenAPI 3.1 document", async () => {
    const res = await GET(new NextRequest("http://localhost/v3/openapi.json"));
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/health"].get.responses["200"]).toBeDefined();
  });

  it("covers exactly the routes that exist", () => {
    const documented = allRoutes.map((r) => `${r.method} ${r.path}`).sort();
    expect(documented).toEqual(handlerRoutes());
  });
});

// What Redocly may still report, each with its reason; any other error or warning fails the test.
const ACCEPTED_PROBLEMS = [
  // As templates, /barbershop/services/{barbershop_id} and /barbershop/{barbershop_id}/next-free-times both match
  // /barbershop/services/next-free-times, but a shop id is a whole number, so no address is both (the first says so
  // in its description). Renaming either would break the clients that call it.
  "warn no-ambiguous-paths #/paths/~1barbershop~1services~1{barbershop_id}",
];

type RedoclyReport = { problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[] };

/** Redocly CLI's lint of a document, with the repository's redocly.yaml (the recommended rules). */
async function redoclyLint(document: string): Promise<RedoclyReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "navalha-openapi-"));
  try {
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, document);
    const cli = path.join(process.cwd(), "node_modules", "@redocly", "cli", "bin", "cli.js");
    const args = [cli, "lint", file, "--format=json", `--config=${path.join(process.cwd(), "redocly.yaml")}`];
    const env = { ...process.env, NODE_OPTIONS: "", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    // It exits with 1 when it found an error, and prints its report either way.
    const stdout = await execFileAsync(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }).then(
      (r) => r.stdout,
      (e: { stdout?: string; stderr?: string }) => e.stdout || Promise.reject(new Error(`redocly lint failed: ${e.stderr}`)),
    );
    return JSON.parse(stdout) as RedoclyReport;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the served OpenAPI document", () => {
  it("passes Redocly's recommended rules", async () => {
    const res = await GET(new NextRequest("http://localhost/v3/openapi.json"));
    const report = await redoclyLint(await res.text());
    const unexpected = report.problems
      .map((p) => ({ key: `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}`, message: p.message }))
      .filter((p) => !ACCEPTED_PROBLEMS.includes(p.key))
      .map((p) => `${p.key}: ${p.message}`);
    expect(unexpected).toEqual([]);
  }, 60_000);

  it("says who may call each operation, as its route's auth does", async () => {
    const doc = await (await GET(new NextRequest("http://localhost/v3/openapi.json"))).json();
    for (const r of allRoutes) {
      const expected = r.auth === "required" ? [{ bearer: [] }] : r.auth === "optional" ? [{ bearer: [] }, {}] : [];
      expect({ route: `${r.method} ${r.path}`, security: doc.paths[r.path][r.method].security }).toEqual({
        route: `${r.method} ${r.path}`,
        security: expected,
      });
    }
  });

  it("names the deployment's contact and licence pages", async () => {
    const before = process.env.PUBLIC_SITE_URL;
    process.env.PUBLIC_SITE_URL = "https://navalha.example/";
    resetEnvCache();
    try {
      const doc = await (await GET(new NextRequest("http://localhost/v3/openapi.json"))).json();
      expect(doc.info.contact.url).toBe("https://navalha.example/fale-conosco");
      expect(doc.info.license.url).toBe("https://navalha.example/termos-de-uso");
    } finally {
      if (before === undefined) delete process.env.PUBLIC_SITE_URL;
      else process.env.PUBLIC_SITE_URL = before;
      resetEnvCache();
    }
  });
});
