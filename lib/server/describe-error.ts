// What a log line says of something thrown. No "server-only" import: PGlite's guard uses it in
// scripts and child processes too.

type ErrorLike = { name?: string; message: string; stack?: string; code?: unknown; cause?: unknown };

/** An Error, also one made in another realm (Jest's VM modules, a WebAssembly module's own Error). */
function errorLike(value: unknown): ErrorLike | null {
  if (value instanceof Error) return value;
  if (value && typeof value === "object" && typeof (value as ErrorLike).message === "string") return value as ErrorLike;
  return null;
}

function safeString(value: unknown): string {
  try {
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}

/** One line for an error: `Name: message (code)`, or the value itself when it is not error-shaped. */
export function errorText(value: unknown): string {
  const e = errorLike(value);
  return e ? `${e.name ?? "Error"}: ${e.message}${typeof e.code === "string" ? ` (${e.code})` : ""}` : safeString(value);
}

/** An error's message, stack and chain of causes (a driver's wrapper hides the database's own message in `cause`). */
export function describeError(err: unknown): { msg: string; stack?: string; cause?: string[] } {
  const e = errorLike(err);
  const causes: string[] = [];
  let c = e?.cause;
  while (c !== undefined && c !== null && causes.length < 5) {
    causes.push(errorText(c));
    c = errorLike(c)?.cause;
  }
  return { msg: e ? e.message : safeString(err), stack: e?.stack, ...(causes.length ? { cause: causes } : {}) };
}
