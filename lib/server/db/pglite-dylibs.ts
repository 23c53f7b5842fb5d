import type { Extension } from "@electric-sql/pglite";

/**
 * PGlite 0.5.16 hands every extension's library (`cube.so`, `pg_trgm.so`, …) to Emscripten's
 * preload plugin, which instantiates them all at once, asynchronously. Their dynamic linking then
 * races: when one library finishes, Emscripten's `reportUndefinedSymbols()` walks the global
 * offset table, finds the entries another library is still instantiating (value -1, not yet
 * filled in) and, as the symbol is not global, sets them to 0. The late library keeps that 0, so a
 * C function that takes the address of one of its own exported functions calls table slot 0:
 * pg_trgm's `%` and `<->` operators (`DirectFunctionCall2(similarity, …)`) then fail with
 * "RuntimeError: null function or function signature mismatch" in some processes and not in
 * others. PGlite swallows that trap and the next error hangs the backend (pglite-guard.ts).
 *
 * With `noWasmDecoding` the preload plugin leaves the libraries alone: they are written to the
 * virtual file system and PostgreSQL's own dlopen() loads each one, synchronously, the first time
 * it needs it, so one library is linked completely before the next begins. Measured with four
 * extensions (scratch runs of 64 and 192 fresh databases): 6 broken databases of 64 without this,
 * none of 192 with it; lib/server/db/pglite-dylibs.db.test.ts keeps checking.
 *
 * It is an "extension" only because that is PGlite's one way to pass options to Emscripten.
 */
export const linkLibrariesOneAtATime: Extension = {
  name: "link-libraries-one-at-a-time",
  setup: async (_pg, emscriptenOpts: Record<string, unknown>) => ({
    emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true },
  }),
};
