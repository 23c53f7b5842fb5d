/**
 * The browsers the journeys run in: Debian's Chromium headless shell by default (scripts/ensure-chromium.sh), the same
 * Blink as the full browser without its window compositing, which takes about a fifth less CPU over the suite. A
 * journey that needs what only the full browser has (the Push API, lazy images loaded at a phone's distance from the
 * screen rather than from further away) asks for it with `test.use({ launchOptions: FULL_CHROMIUM })` (decision 0064).
 */
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const HEADLESS_SHELL = { executablePath: process.env.E2E_CHROMIUM_PATH || "/usr/bin/chromium-headless-shell", args: ARGS };

export const FULL_CHROMIUM = { executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ARGS };
