import "@testing-library/jest-dom";

// The handlers are tested as deployed: behind a trusted proxy that names the caller (per-IP limits).
process.env.TRUST_PROXY ??= "1";
