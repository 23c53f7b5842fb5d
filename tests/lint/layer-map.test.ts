/**
 * The layer map is enforced by lint: a copy of the project's ESLint config, run with ESLint's Node API
 * on a small fixture tree, reports a component that imports lib/server and a two-file cycle, and
 * nothing on a tree that keeps the map.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const projectRoot = join(__dirname, "..", "..");

type Message = { file: string; ruleId: string | null };

/** Lints `files` (path → source) in a fresh directory with the project's config; returns the errors. */
function lint(files: Record<string, string>): Message[] {
  const dir = mkdtempSync(join(tmpdir(), "navalha-lint-"));
  try {
    copyFileSync(join(projectRoot, "eslint.config.mjs"), join(dir, "eslint.config.mjs"));
    copyFileSync(join(projectRoot, "tsconfig.json"), join(dir, "tsconfig.json"));
    symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    // A child process: ESLint loads its flat config with a native import(), which Jest's module system does not run.
    const script = `
      const { ESLint } = await import("eslint");
      const results = await new ESLint({ cwd: process.cwd() }).lintFiles(${JSON.stringify(Object.keys(files))});
      const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => ({ file: r.filePath.slice(process.cwd().length + 1), ruleId: m.ruleId, message: m.message })));
      process.stdout.write(JSON.stringify(errors));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return JSON.parse(out) as Message[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const server = { "lib/server/shops/find.ts": "export const findShop = (slug: string) => ({ slug });\n" };
const contract = { "lib/contract/shops.ts": 'export const SHOP_KINDS = ["barber"] as const;\n' };

describe("the layer map in ESLint", () => {
  it("reports a component that imports lib/server", () => {
    const errors = lint({
      ...server,
      "components/shop/shop-title.tsx": 'import { findShop } from "@/lib/server/shops/find";\n\nexport const title = findShop("a").slug;\n',
    });
    expect(errors).toEqual([expect.objectContaining({ file: "components/shop/shop-title.tsx", ruleId: "import/no-restricted-paths" })]);
  });

  it("reports infrastructure that imports a feature", () => {
    const errors = lint({
      ...server,
      "lib/server/db/seed.ts": 'import { findShop } from "../shops/find";\n\nexport const seeded = findShop("a");\n',
    });
    expect(errors).toEqual([expect.objectContaining({ file: "lib/server/db/seed.ts", ruleId: "import/no-restricted-paths" })]);
  });

  it("reports both files of a two-file cycle", () => {
    const errors = lint({
      "components/shop/card.tsx": 'import { label } from "./button";\n\nexport const card = () => label;\nexport const name = "card";\n',
      "components/shop/button.tsx": 'import { name } from "./card";\n\nexport const label = name.toUpperCase();\n',
    });
    expect(errors.map((e) => [e.file, e.ruleId]).sort()).toEqual([
      ["components/shop/button.tsx", "import/no-cycle"],
      ["components/shop/card.tsx", "import/no-cycle"],
    ]);
  });

  it("reports a component that calls the API by URL instead of through lib/api", () => {
    const errors = lint({
      "lib/api/client.ts": "export const api = { post: (url: string) => url };\n",
      "components/favorites/heart.tsx":
        'import { api } from "@/lib/api/client";\n\nexport const like = (id: number) => api.post(`/client/favorites/${id}`);\nexport const health = () => fetch("/v3/health");\n',
    });
    expect(errors.map((e) => e.ruleId).sort()).toEqual(["no-restricted-imports", "no-restricted-syntax", "no-restricted-syntax"]);
  });

  it("reports nothing for files that keep the map", () => {
    const errors = lint({
      ...server,
      ...contract,
      "app/v3/shops/route.ts":
        'import { findShop } from "@/lib/server/shops/find";\nimport { SHOP_KINDS } from "@/lib/contract/shops";\n\nexport const GET = () => Response.json({ shop: findShop("a"), kinds: SHOP_KINDS });\n',
      "components/shop/kinds.tsx": 'import { SHOP_KINDS } from "@/lib/contract/shops";\n\nexport const kinds = SHOP_KINDS.join(", ");\n',
    });
    expect(errors).toEqual([]);
  });
});
