import "@testing-library/jest-dom";

process.env.JWT_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
// The handlers are tested as deployed: behind a trusted proxy that names the caller (per-IP limits).
process.env.TRUST_PROXY ??= "1";
