import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";

// Every v3 route file, found on disk so that new routes are covered: each method it does not serve
// answers 405 with Allow and the contract's error body (Next's own 405 has neither), OPTIONS lists them.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const root = path.join(process.cwd(), "app", "v3");

function routeFiles(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("[...") ? [] : routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const cases = routeFiles().map((file) => {
  const source = fs.readFileSync(file, "utf8");
  const served = METHODS.filter((m) => new RegExp(`^export const ${m}\\b`, "m").test(source));
  const allow = [...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  return { name: `/v3/${path.relative(root, path.dirname(file)).split(path.sep).join("/")}`, file, served, allow };
});

type RouteModule = Partial<Record<(typeof METHODS)[number] | "OPTIONS", (req: NextRequest) => Promise<Response>>>;

describe("methods a v3 path does not serve", () => {
  it("finds the route files", () => {
    expect(cases.length).toBeGreaterThan(30);
    expect(cases.find((c) => c.name === "/v3/health")?.served).toEqual(["GET"]);
  });

  it.each(cases)("$name answers 405 with Allow: $allow and the error body", async ({ name, file, served, allow }) => {
    const mod = (await import(file)) as RouteModule;
    for (const method of METHODS.filter((m) => !served.includes(m))) {
      const handler = mod[method];
      expect({ method, exported: typeof handler }).toEqual({ method, exported: "function" });
      const res = await handler!(new NextRequest(`http://localhost${name}`, { method, headers: { "accept-language": "es" } }));
      expect({ method, status: res.status, allow: res.headers.get("allow") }).toEqual({ method, status: 405, allow });
      expect(await res.json()).toEqual({ error: "Método no permitido.", code: "METHOD_NOT_ALLOWED" });
    }
    const options = await mod.OPTIONS!(new NextRequest(`http://localhost${name}`, { method: "OPTIONS" }));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe(allow);
  });
});
