import "@testing-library/jest-dom";

// The handlers are tested as deployed: behind a trusted proxy that names the caller (per-IP limits).
process.env.TRUST_PROXY ??= "1";

// findBy*/waitFor wait for an event, not for time: on a machine shared by parallel jobs the first
// call's dynamic import of axios (lib/api/http.ts) plus a debounce can exceed the default 1 s.
if (typeof document !== "undefined") {
  (require("@testing-library/react") as typeof import("@testing-library/react")).configure({ asyncUtilTimeout: 5_000 });
}
