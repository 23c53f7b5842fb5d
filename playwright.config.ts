import { defineConfig, devices } from "@playwright/test";
import { HEADLESS_SHELL } from "./e2e/browsers";

// Browser journeys against the built app (`npm run build` first) with its own seeded PGlite.
const port = Number(process.env.E2E_PORT || 3391);

/**
 * The moment the journeys run at, whatever the machine's clock says: E2E_NOW (e.g. `2026-12-06T23:50:00-03:00`),
 * or by default the coming Wednesday at 10:00 in São Paulo (a weekday morning, shops open, the day's later times
 * free). scripts/e2e-clock.mjs moves `Date` by the offset in the seed, the server and the test workers alike, and
 * e2e/clock.ts starts each browser's clock there. Always ahead of the machine's clock, so that cookies the server
 * dates are not already expired for the browser.
 */
function journeysNow(): number {
  if (process.env.E2E_NOW) {
    const at = Date.parse(process.env.E2E_NOW);
    if (Number.isNaN(at) || at < Date.now()) throw new Error(`E2E_NOW must be a moment from now on: ${process.env.E2E_NOW}`);
    return at;
  }
  const saoPaulo = new Date(Date.now() - 3 * 3_600_000); // UTC-03:00 all year
  const days = (3 - saoPaulo.getUTCDay() + 7) % 7 || 7;
  return Date.UTC(saoPaulo.getUTCFullYear(), saoPaulo.getUTCMonth(), saoPaulo.getUTCDate() + days, 13, 0, 0);
}
if (!process.env.E2E_CLOCK_OFFSET_MS) {
  process.env.E2E_CLOCK_OFFSET_MS = String(journeysNow() - Date.now());
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --import=${new URL("./scripts/e2e-clock.mjs", import.meta.url).pathname}`.trim();
}

export default defineConfig({
  testDir: "./e2e",
  // Files run two at a time (E2E_WORKERS), each file's tests in order: a journey waits on the server and the browser
  // more than it computes, so two share the machine's two cores well. Each journey takes shops and accounts of its
  // own (e2e/booking-fixtures.ts), so two running at once do not meet.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // On CI a trace is recorded on a failed journey's retry (CI retries once), not around every journey: recording took
    // about a fifth of the journeys' CPU (screencast frames in the browser's compositor, snapshots in the worker).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: HEADLESS_SHELL,
  },
  projects: [
    // A journey tagged @phone or @desktop runs in that project only; the other project does not schedule it at all
    // (no browser page is opened for it), which an in-test skip would.
    { name: "phone", grepInvert: /@desktop/, use: { ...devices["Pixel 7"], viewport: { width: 375, height: 812 }, defaultBrowserType: "chromium" } },
    { name: "desktop", grepInvert: /@phone/, use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: `bash scripts/e2e-server.sh ${port}`,
    url: `http://127.0.0.1:${port}/v3/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
  },
});
