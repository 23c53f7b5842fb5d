// First-load JavaScript of pages, as a browser downloads it (scripts/first-load-js.ts): every script the
// page loads before it is idle, gzip-compressed at level 9, summed per page.
//
//   npx tsx scripts/measure-first-load.ts http://127.0.0.1:3113 / /barbearia/<slug> /cidade/sao-paulo
import { chromium } from "@playwright/test";
import { firstLoadJs } from "./first-load-js";

async function main() {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) throw new Error("usage: measure-first-load.ts <base-url> <path> [<path>...]");
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    for (const path of paths) {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
      const { scripts, raw, gzip } = await firstLoadJs(page, base + path);
      console.log(`${path}: ${scripts} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
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
