// First-load JavaScript of a page, as a browser downloads it: every script the page loads until the
// network is idle, gzip-compressed here at level 9 (what a CDN would serve), summed. Used by
// scripts/measure-first-load.ts and by e2e/light-pages.spec.ts's budget, so both count alike.
import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";

export type FirstLoad = { scripts: number; raw: number; gzip: number };

export async function firstLoadJs(page: Page, url: string): Promise<FirstLoad> {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (res: Response) => {
    if (res.request().resourceType() === "script") bodies.set(res.url(), res.body());
  };
  page.on("response", onResponse);
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    let raw = 0;
    let gzip = 0;
    for (const body of await Promise.all(bodies.values())) {
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    return { scripts: bodies.size, raw, gzip };
  } finally {
    page.off("response", onResponse);
  }
}
