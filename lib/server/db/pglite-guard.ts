import { describeError, errorText } from "@/lib/server/describe-error";

/** PGlite's protocol loop: `mod._PostgresMainLoopOnce` runs the backend, `execProtocolRawSync` drives it. */
export type PgliteInternals = {
  mod: { _PostgresMainLoopOnce: () => void };
  execProtocolRawSync: (message: Uint8Array) => Uint8Array;
  POSTGRES_MAIN_LONGJMP: number;
};

/**
 * PGlite 0.5 turns a PostgreSQL ERROR into a JavaScript exception (the longjmp) and recovers from it;
 * any other exception thrown while the backend runs (a WebAssembly trap, a JS error in an import)
 * it swallows and carries on, skipping that recovery. The backend then keeps a pointer into the
 * abandoned C stack as its error context, the next statement's context points at itself, and the
 * next ERROR loops for ever at 100 % CPU inside errfinish (seen in the fuzz test and once in the
 * browser journeys; the Node process then never answers again). The trap we met was pg_trgm's
 * "null function or function signature mismatch", caused by PGlite linking its extension libraries
 * concurrently (pglite-dylibs.ts, which prevents it); this guard stays for whatever traps next.
 *
 * Here such an exception is handed to PGlite as the longjmp it should have been, so the backend
 * runs its error recovery (abort the transaction, reset the error context), the call that hit it
 * fails and says why in the log. The backend may not be usable afterwards (a statement cut off
 * half-way can leave its portal behind), but every later call is answered, with an error if need
 * be, instead of the process spinning for ever (lib/server/db/pglite-guard.test.ts shows both).
 */
export function guardBackend(internals: PgliteInternals) {
  const mod = internals.mod;
  const loopOnce = mod._PostgresMainLoopOnce.bind(mod);
  let swallowed: unknown = null;
  mod._PostgresMainLoopOnce = () => {
    try {
      loopOnce();
    } catch (err) {
      if ((err as { status?: number } | null)?.status === internals.POSTGRES_MAIN_LONGJMP) throw err;
      swallowed ??= err;
      throw { status: internals.POSTGRES_MAIN_LONGJMP };
    }
  };
  const execRaw = internals.execProtocolRawSync.bind(internals);
  internals.execProtocolRawSync = (message: Uint8Array) => {
    swallowed = null;
    const answer = execRaw(message);
    if (swallowed !== null) {
      const cause = swallowed;
      swallowed = null;
      const text = errorText(cause);
      const frames = describeError(cause).stack?.split("\n").slice(0, 12).join("\n");
      console.error(JSON.stringify({ level: "error", where: "pglite", msg: "the embedded database failed a statement", cause: text, stack: frames }));
      throw new Error(`PGlite backend failure: ${text}`, { cause });
    }
    return answer;
  };
}
