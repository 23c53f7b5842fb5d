import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { GET } from "@/app/v3/openapi.json/route";
import { allRoutes } from "@/lib/contract/openapi";

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
