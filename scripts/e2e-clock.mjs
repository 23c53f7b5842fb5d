// The browser journeys' clock. Loaded with `node --import` into every process of a Playwright run (the seed, the
// app server, the test workers) when E2E_CLOCK_OFFSET_MS is set: `Date` then reads the machine's time moved by that
// offset, in all of them alike, so the seeded data, the server's "now" (and PGlite's, which asks `Date.now()`) and
// the tests' own dates agree on one moment that the run chose (playwright.config.ts sets it; the browser's clock
// follows through e2e/clock.ts). Time still flows; only the moment it starts from is chosen. Never loaded in
// production.
const offset = Number(process.env.E2E_CLOCK_OFFSET_MS || 0);

if (offset && !globalThis.__navalhaE2eClock) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offset;
  globalThis.__navalhaE2eClock = offset;
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === globalThis.Date ? target : newTarget);
    },
    // Date() called as a function answers the current time as text.
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, prop, receiver) {
      if (prop === "now") return now;
      return Reflect.get(target, prop, receiver);
    },
  });
}
