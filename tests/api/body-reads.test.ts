import fs from "node:fs";
import path from "node:path";

// Every v3 route file, and every module of the app it imports, found on disk so that new routes are covered: a
// request's body is read only through the capped reader (readBodyLimited, which readJson and readFormOrJson use),
// never with req.text(), req.json(), req.formData(), req.arrayBuffer(), req.blob(), req.bytes() or req.body,
// which read a body of any size to its end.
const repo = process.cwd();
const root = path.join(repo, "app", "v3");
const CAPPED_READER = path.join(repo, "lib", "server", "http", "body.ts");

function routeFiles(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts"];

/** The app's own module an import names (through the @/ alias or a relative path), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(repo, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

const IMPORT = /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function withImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    const next = resolve(file, m[1] ?? m[2]);
    if (next) withImports(next, seen);
  }
  return seen;
}

// A request (req, request, ctx.req, a clone of one) read whole, or its stream taken.
const UNCAPPED = [
  /\b(?:req|request|ctx\.req)(?:\.clone\(\))?\s*\.\s*(?:text|json|formData|arrayBuffer|blob|bytes)\s*\(/g,
  /\b(?:req|request|ctx\.req)\s*\.\s*body\b/g,
];

/** Each uncapped read in a file, as `path:line: code`. */
function uncappedReads(file: string): string[] {
  if (file === CAPPED_READER) return [];
  const source = fs.readFileSync(file, "utf8");
  return UNCAPPED.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((m) => {
      const line = source.slice(0, m.index).split("\n").length;
      return `${path.relative(repo, file)}:${line}: ${source.split("\n")[line - 1].trim()}`;
    }),
  );
}

const cases = routeFiles().map((file) => ({ name: `/v3/${path.relative(root, path.dirname(file)).split(path.sep).join("/")}`, file }));

describe("reading a request body", () => {
  it("finds the route files and the modules they import", () => {
    expect(cases.length).toBeGreaterThan(30);
    const login = cases.find((c) => c.name === "/v3/login")!;
    expect([...withImports(login.file)]).toContain(path.join(repo, "lib", "server", "http", "handler.ts"));
  });

  it("tells an uncapped read from a capped one", () => {
    const probe = path.join(repo, "lib", "probe.ts");
    const read = (source: string) => {
      const spy = jest.spyOn(fs, "readFileSync").mockReturnValue(source);
      try {
        return uncappedReads(probe);
      } finally {
        spy.mockRestore();
      }
    };
    expect(read("const raw = await ctx.req.text();")).toHaveLength(1);
    expect(read("const f = await req.formData();\nconst r = request.body.getReader();")).toHaveLength(2);
    expect(read("const body = await readBodyLimited(ctx.req, 1_000_000);\nconst x = await res.json();")).toEqual([]);
  });

  it.each(cases)("$name reads its body only through the capped reader", ({ file }) => {
    expect([...withImports(file)].flatMap(uncappedReads)).toEqual([]);
  });
});
