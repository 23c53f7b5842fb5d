import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";
export type { APIRequestContext, Page } from "@playwright/test";

/**
 * Playwright's `test`, with each browser context's clock started at the run's moment (playwright.config.ts chooses
 * it; scripts/e2e-clock.mjs gives it to this worker's `Date`, the seed and the server), so that what a page computes
 * from "now" agrees with what the server answered. The clock flows from there as the machine's does.
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await context.clock.install({ time: Date.now() });
    await provide(context);
  },
});
