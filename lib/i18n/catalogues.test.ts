import fs from "node:fs";
import path from "node:path";
import { LANGUAGES, NAMESPACES } from "./settings";

// Every key must exist in pt-BR, en and es: a missing one would show a raw key to someone.
const root = path.join(process.cwd(), "locales");

function flatten(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flatten(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

function keysOf(lng: string, ns: string): string[] {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, lng, `${ns}.json`), "utf8"))).sort();
}

describe("translation catalogues", () => {
  it("has a file for every language and namespace, and no other", () => {
    for (const lng of LANGUAGES) {
      const files = fs
        .readdirSync(path.join(root, lng))
        .filter((f) => f.endsWith(".json"))
        .sort();
      expect(files).toEqual([...NAMESPACES].map((n) => `${n}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`has the same keys in every language for "${ns}"`, () => {
      const reference = new Set(LANGUAGES.flatMap((lng) => keysOf(lng, ns)));
      for (const lng of LANGUAGES) {
        const mine = new Set(keysOf(lng, ns));
        const missing = [...reference].filter((k) => !mine.has(k));
        expect({ lng, ns, missing }).toEqual({ lng, ns, missing: [] });
      }
    });
  }

  it("has no empty strings", () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const data = JSON.parse(fs.readFileSync(path.join(root, lng, `${ns}.json`), "utf8"));
        const empty: string[] = [];
        const walk = (v: unknown, p: string) => {
          if (typeof v === "string" && v.trim() === "") empty.push(p);
          else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => walk(x, `${p}.${k}`));
        };
        walk(data, `${lng}/${ns}`);
        expect(empty).toEqual([]);
      }
    }
  });
});
