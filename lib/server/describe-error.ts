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

/**
 * An error's message without the values a query was run with. Drizzle's DrizzleQueryError says
 * `Failed query: <sql>\nparams: <values>`, and those values are what was written: a reset code, a message's
 * text, an e-mail address. The statement (placeholders only) and the database's own message and code stay.
 */
function safeMessage(e: ErrorLike): string {
  const query = (e as { query?: unknown }).query;
  if (typeof query === "string" && e.message.startsWith("Failed query: ")) return `Failed query: ${query}`;
  const at = e.message.search(/\n\s*params:/);
  return at >= 0 ? e.message.slice(0, at) : e.message;
}

/** A stack's frames under the safe message (a stack starts with the message, parameters and all). */
function safeStack(e: ErrorLike): string | undefined {
  if (!e.stack) return undefined;
  const frames = e.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${e.name ?? "Error"}: ${safeMessage(e)}`, ...frames].join("\n");
}

/** One line for an error: `Name: message (code)`, or the value itself when it is not error-shaped. */
export function errorText(value: unknown): string {
  const e = errorLike(value);
  return e ? `${e.name ?? "Error"}: ${safeMessage(e)}${typeof e.code === "string" ? ` (${e.code})` : ""}` : safeString(value);
}

/**
 * An error's message, stack and chain of causes (a driver's wrapper hides the database's own message and code in
 * `cause`), never the parameters of a failed query.
 */
export function describeError(err: unknown): { msg: string; stack?: string; cause?: string[] } {
  const e = errorLike(err);
  const causes: string[] = [];
  let c = e?.cause;
  while (c !== undefined && c !== null && causes.length < 5) {
    causes.push(errorText(c));
    c = errorLike(c)?.cause;
  }
  return { msg: e ? safeMessage(e) : safeString(err), stack: e ? safeStack(e) : undefined, ...(causes.length ? { cause: causes } : {}) };
}
