// First-load JavaScript of pages, as a browser downloads it: every script the page loads before
// it is idle, gzip-compressed here at level 9 (what a CDN would serve), summed per page.
//
//   npx tsx scripts/measure-first-load.ts http://127.0.0.1:3113 / /barbearia/<slug> /cidade/sao-paulo
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

async function main() {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) throw new Error("usage: measure-first-load.ts <base-url> <path> [<path>...]");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    for (const path of paths) {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
      const scripts = new Map<string, Promise<Buffer>>();
      page.on("response", (res) => {
        if (res.request().resourceType() === "script") scripts.set(res.url(), res.body());
      });
      await page.goto(base + path, { waitUntil: "networkidle" });
      let raw = 0;
      let gzip = 0;
      for (const body of await Promise.all(scripts.values())) {
        raw += body.length;
        gzip += gzipSync(body, { level: 9 }).length;
      }
      console.log(`${path}: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
