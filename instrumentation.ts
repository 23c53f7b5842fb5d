// Called once when the server starts (not by `next build`'s page generation).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { exitOnInvalidEnv } = await import("@/lib/server/env");
  exitOnInvalidEnv();
}
