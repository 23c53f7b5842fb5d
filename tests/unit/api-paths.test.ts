import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { allRoutes } from "@/lib/contract/openapi";

// The browser's calls (lib/api) write their paths as strings; the contract (lib/contract) defines the routes.
// Every path the browser calls, and its method where the call names one, must be a route of the contract,
// so that a route renamed or dropped on one side cannot leave the other calling nothing.
const apiDir = path.join(process.cwd(), "lib", "api");
const METHODS = new Set(["get", "post", "put", "delete"]);

type Call = { file: string; line: number; path: string; method: string | null };

/** A literal's text with each `${…}` as one placeholder segment, the query and `/v3` taken off. */
function literalPath(node: ts.Node): string | null {
  let text: string;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
  else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => `\u0000${span.literal.text}`).join("");
  else return null;
  if (!/^\/[a-z]/.test(text)) return null;
  const withoutQuery = text.split("?")[0];
  // The base URL itself (base-url.ts) is no route.
  if (withoutQuery === "/v3") return null;
  return withoutQuery.replace(/^\/v3(?=\/)/, "");
}

/** The HTTP method of `(await http()).get(path)`-style calls; null where the literal is passed elsewhere (a hook, a form). */
function callMethod(node: ts.Node): string | null {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node) return null;
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && METHODS.has(callee.name.text)) return callee.name.text;
  if (ts.isIdentifier(callee) && /^use/.test(callee.text)) return "get";
  return null;
}

function browserCalls(): Call[] {
  const files = fs.readdirSync(apiDir).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
  return files.flatMap((name) => {
    const file = path.join(apiDir, name);
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const calls: Call[] = [];
    const visit = (node: ts.Node) => {
      const p = literalPath(node);
      if (p !== null) {
        // A hook's argument is often `token ? "/path" : null`: the method is the hook's.
        const holder = ts.isConditionalExpression(node.parent) ? node.parent : node;
        calls.push({ file: name, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, path: p, method: callMethod(holder) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return calls;
  });
}

/** Whether a path (placeholders as \u0000) and method match a contract route ({param} matches one segment). */
export function matchesContract(p: string, method: string | null): boolean {
  const segments = p.split("/");
  return allRoutes.some((route) => {
    if (method && route.method !== method) return false;
    const routeSegments = route.path.split("/");
    if (routeSegments.length !== segments.length) return false;
    return routeSegments.every((seg, i) => (/^\{\w+\}$/.test(seg) ? segments[i] !== "" : seg === segments[i]));
  });
}

const calls = browserCalls();

describe("the browser's API paths", () => {
  it("finds the calls in lib/api", () => {
    expect(calls.length).toBeGreaterThan(30);
    expect(calls).toContainEqual(expect.objectContaining({ file: "account.ts", path: "/login", method: "post" }));
    expect(calls).toContainEqual(expect.objectContaining({ file: "data.ts", path: "/user-data", method: "get" }));
  });

  it("tells a wrong path or method from a right one", () => {
    expect(matchesContract("/client/address/\u0000", "put")).toBe(true);
    expect(matchesContract("/client/address/\u0000", "patch")).toBe(false);
    expect(matchesContract("/client/adress/\u0000", "put")).toBe(false);
    expect(matchesContract("/client/address", null)).toBe(true);
    expect(matchesContract("/client/address/\u0000/extra", null)).toBe(false);
  });

  it.each(calls.map((c) => ({ ...c, shown: c.path.replaceAll("\u0000", "{…}") })))("$file:$line $method $shown is a route of the contract", (call) => {
    expect({ path: call.shown, method: call.method, matches: matchesContract(call.path, call.method) }).toEqual({
      path: call.shown,
      method: call.method,
      matches: true,
    });
  });
});
