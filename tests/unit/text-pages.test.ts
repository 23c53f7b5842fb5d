import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { TEXT_PAGES } from "@/components/legal/updated";

// Each page of text says (and tells search engines) the day its text last changed: TEXT_PAGES. This keeps
// that day true. It holds a fingerprint of each page's text in the three languages beside the day it was
// written on; change the text and this fails until both are set anew (the day of the change in
// components/legal/updated.ts, the fingerprint this test then shows here).
const RECORDED: Record<string, { updated: string; fingerprint: string }> = {
  "/barbearias": { updated: "2026-11-22", fingerprint: "5ef64d717f680e05" },
  "/termos-de-uso": { updated: "2026-11-24", fingerprint: "fb9a7526201bd51f" },
  "/privacidade": { updated: "2026-12-02", fingerprint: "1fdef8802392b6b4" },
  "/faq": { updated: "2026-11-28", fingerprint: "58472733a572a571" },
  "/transparencia": { updated: "2026-11-22", fingerprint: "26246b1c8c777380" },
  "/fale-conosco": { updated: "2026-11-29", fingerprint: "89b0ad282bb88e93" },
};

function fingerprint(texts: readonly string[]): string {
  const hash = createHash("sha256");
  for (const lng of ["pt-BR", "en", "es"]) {
    for (const text of texts) {
      const [ns, key] = text.split(":");
      const catalogue = JSON.parse(fs.readFileSync(path.join(process.cwd(), "locales", lng, `${ns}.json`), "utf8"));
      const value = key.split(".").reduce((node, k) => node?.[k], catalogue);
      if (value === undefined) throw new Error(`${lng} ${text} is not in its catalogue`);
      hash.update(JSON.stringify([lng, text, value]));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

describe("the day each page of text last changed", () => {
  it.each(TEXT_PAGES.map((p) => [p.path, p] as const))("%s: its text is the one of its day", (pagePath, page) => {
    const now = { updated: page.updated, fingerprint: fingerprint(page.texts) };
    expect(now).toEqual(RECORDED[pagePath]);
  });

  it("is a real day, not after today", () => {
    for (const page of TEXT_PAGES) {
      expect(page.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(`${page.updated}T00:00:00Z`)).toBeLessThanOrEqual(Date.now());
    }
  });
});
