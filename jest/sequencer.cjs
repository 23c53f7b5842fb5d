// Jest's order, with the files known to take longest first. Jest puts the longest first itself once it has timed a
// run, but a clean clone (CI) has no timings, and Jest then goes by file size: the ten fresh databases of
// pglite-dylibs (a small file, about 30 s) started last and left the other worker idle at the end of the run.
const Sequencer = require("@jest/test-sequencer").default;

/** About the longest first, as measured on this 2-core machine. */
const LONGEST = [
  "tests/api/shared-address.db.test.ts",
  "lib/server/db/pglite-dylibs.db.test.ts",
  "tests/api/fuzz.db.test.ts",
  "tests/api/read-replica.db.test.ts",
  "tests/api/whatsapp-budget.db.test.ts",
  "tests/api/onboarding.db.test.ts",
  "lib/server/db/pglite-guard.test.ts",
  "tests/lint/layer-map.test.ts",
  "components/booking/booking-flow.test.tsx",
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (test) => {
      const i = LONGEST.findIndex((file) => test.path.endsWith(`/${file}`));
      return i === -1 ? LONGEST.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirst;
