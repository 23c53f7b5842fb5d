// What the opener policy alone costs a page under Lighthouse (decision 0033): the bare Next.js page
// (scripts/lighthouse/bare, built as bench:lighthouse builds it) served three ways in the same run, behind small
// proxies that add one header to its documents and nothing else: no Cross-Origin-Opener-Policy (Next's own
// answer, the floor), `same-origin` (the site's) and `same-origin-allow-popups` (the weaker value decision 0033
// said to measure). Rounds visit the three in turn, so each meets the machine's same drift; medians.
//
//   npm run bench:opener                 # builds the bare page, 7 rounds
//   npx tsx scripts/bench-opener-policy.ts [--runs 7] [--skip-build] [--one-browser]
//
// Lighthouse loads a page from about:blank in the same tab; a document with any opener policy but
// `unsafe-none` makes Chromium put it in a new browsing context group. The page's content is the same in the
// three, so any difference is that switch's cost to Lighthouse's main-thread figure. Each run has a fresh
// Chromium, as Lighthouse's command line runs; `--one-browser` runs them all in one long-lived Chromium, as this
// script did before 2026-12-04 (decision 0065 has the two ways side by side).
import lighthouse from "lighthouse";
import { arg, buildBare, headerProxy, lighthouseBrowsers, median, oneBrowser, skipBuild, startBare, stop, waitFor } from "./lighthouse/servers";

const BARE_PORT = 3180;
const VARIANTS: { name: string; coop: string | null; port: number }[] = [
  { name: "no opener policy (floor)", coop: null, port: 3181 },
  { name: "same-origin (the site's)", coop: "same-origin", port: 3182 },
  { name: "same-origin-allow-popups", coop: "same-origin-allow-popups", port: 3183 },
];
const runs = Number(arg("runs", "7"));

async function main() {
  if (!skipBuild) buildBare();
  const bare = startBare(BARE_PORT);
  const proxies = VARIANTS.map((v) =>
    headerProxy(BARE_PORT, v.port, (headers, html) => {
      if (v.coop && html) headers["cross-origin-opener-policy"] = v.coop;
    }),
  );
  const browsers = await lighthouseBrowsers();
  try {
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`, 60);
    for (const v of VARIANTS) await fetch(`http://127.0.0.1:${v.port}/`);
    const figures = new Map<string, number[]>(VARIANTS.map((v) => [v.name, []]));
    for (let i = 0; i < runs; i++) {
      for (const v of VARIANTS) {
        // Lighthouse now and then loses the trace of a load (NO_NAVSTART): such a run is measured again.
        for (let attempt = 1; ; attempt++) {
          const result = await browsers.run((port) =>
            lighthouse(`http://127.0.0.1:${v.port}/`, {
              port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance"],
            }),
          );
          const ms = result?.lhr.audits["mainthread-work-breakdown"]?.numericValue;
          if (ms !== undefined && !result?.lhr.runtimeError) {
            figures.get(v.name)!.push(Math.round(ms));
            break;
          }
          const why = result?.lhr.runtimeError?.code ?? "no result";
          if (attempt === 3) throw new Error(`no main-thread figure for ${v.name}: ${why}`);
          console.log(`  (${v.name}: ${why}; measuring again)`);
        }
      }
      console.log(`round ${i + 1} of ${runs}: ` + VARIANTS.map((v) => `${v.name} ${figures.get(v.name)!.at(-1)} ms`).join(", "));
    }
    const floor = median(figures.get(VARIANTS[0].name)!);
    console.log(
      `\nthe bare page's main-thread work by its opener policy (${new Date().toISOString().slice(0, 10)}, medians of ${runs}, Lighthouse's simulated throttling, ${oneBrowser ? "one long-lived Chromium for every run" : "a fresh Chromium for each run"}):`,
    );
    for (const v of VARIANTS) {
      const m = median(figures.get(v.name)!);
      console.log(`${v.name.padEnd(26)} ${m} ms, ${(m / floor).toFixed(2)}× (rounds ${figures.get(v.name)!.join(", ")})`);
    }
  } finally {
    await browsers.close();
    for (const p of proxies) p.close();
    stop(bare);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
