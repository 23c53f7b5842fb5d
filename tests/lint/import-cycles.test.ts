import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

// No two modules of the app import each other, directly or round a ring, type imports included: a cycle is a
// sign that a shared piece wants a module of its own (docs/decisions/0016-layer-map.md). ESLint's
// import/no-cycle skips `import type`; this walks every import and export-from with TypeScript's own resolver.
const repo = process.cwd();
const ROOTS = ["app", "components", "lib"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const config = ts.getParsedCommandLineOfConfigFile(path.join(repo, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const options = config!.options;
const host = ts.createCompilerHost(options);

/** Every module of ours that a file imports or re-exports, type-only ones too. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0] ?? node)) {
      specifiers.push((node.arguments[0] as ts.StringLiteral).text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.flatMap((spec) => {
    const resolved = ts.resolveModuleName(spec, file, options, host).resolvedModule?.resolvedFileName;
    if (!resolved || resolved.includes(`${path.sep}node_modules${path.sep}`)) return [];
    return [path.resolve(resolved)];
  });
}

/** Tarjan's strongly connected components of more than one module (or a module importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strongConnect = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) strongConnect(v);
  return found;
}

describe("import cycles", () => {
  it("finds a ring when there is one", () => {
    const ring = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(ring)).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("none among the app's modules, type imports included", () => {
    const files = ROOTS.flatMap((root) => sourceFiles(path.join(repo, root))).map((file) => path.resolve(file));
    expect(files.length).toBeGreaterThan(200);
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    const rings = cycles(graph).map((ring) => ring.map((file) => path.relative(repo, file)));
    expect(rings).toEqual([]);
  });
});
