import "server-only";
import { statusOf, type TErrorCode } from "@/lib/contract/errors";

/**
 * The one error type services throw: a code of the contract (its status comes from ERROR_STATUS, never
 * from the thrower). The message is `options.key ?? code`, a key of locales/<lng>/errors.json.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    readonly options: {
      vars?: Record<string, unknown>;
      details?: { path: string; message: string }[];
      headers?: Record<string, string>;
      /** Translation key when it differs from the code (e.g. code VALIDATION_FAILED with key PASSWORD_MISMATCH). */
      key?: string;
      /** The answer says a code was sent: the reference its page follows the delivery by (GET /v3/code-delivery/{id}). */
      deliveryId?: string;
      /** More fields of the answer's body, declared in the route's contract (e.g. the bookings a change would leave out). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = "AppError";
    this.status = statusOf(code);
  }
}

/** The same error, answered with the reference of the code it says was sent (none: unchanged). */
export function withDeliveryId(err: AppError, deliveryId: string | null): AppError {
  return deliveryId ? new AppError(err.code, { ...err.options, deliveryId }) : err;
}

export const notFound = (key = "NOT_FOUND") => new AppError("NOT_FOUND", { key });
export const forbidden = (key = "FORBIDDEN") => new AppError("FORBIDDEN", { key });
export const unauthorized = (key = "INVALID_TOKEN") => new AppError("UNAUTHORIZED", { key });
export const validationFailed = (details: { path: string; message: string }[], key = "VALIDATION_FAILED") =>
  new AppError("VALIDATION_FAILED", { details, key });

const DB_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** The code that shows the database cannot be reached (as opposed to a bad query), if any. */
export function databaseUnavailableCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DB_DOWN_CODES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseUnavailableCode(err) !== undefined;
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapping. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const c = (e as { constraint?: unknown; constraint_name?: unknown }).constraint ?? (e as { constraint_name?: unknown }).constraint_name;
    if (typeof c === "string") return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
