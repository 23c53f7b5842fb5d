import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import type { TErrorBody } from "@/lib/contract/common";
import type { Lang } from "@/lib/i18n/settings";
import { reportDatabaseUnavailable } from "@/lib/server/db/client";
import { describeError } from "@/lib/server/describe-error";
import { readBodyLimited } from "./body";
import { AppError, databaseUnavailableCode, validationFailed } from "./errors";
import { requestLang, translate } from "./i18n";
import { zodToAppError } from "./validation";

export type RouteContext<P> = { req: NextRequest; lng: Lang; requestId: string; params: P };
type NextContext = { params: Promise<Record<string, string | string[]>> };

const MAX_JSON_BYTES = 64 * 1024;

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  return jsonText(JSON.stringify(data), init);
}

/** A JSON body that is already text or UTF-8 bytes (written by PostgreSQL, or kept), sent as it is. */
export function jsonText(text: string | Uint8Array<ArrayBuffer>, init: number | ResponseInit = 200): Response {
  const opts = typeof init === "number" ? { status: init } : init;
  return new Response(text, {
    ...opts,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...(opts.headers ?? {}) },
  });
}

/** Turns anything thrown into the contract's error body; 5xx never carry internals. */
export function errorResponse(err: unknown, lng: Lang, requestId: string, where: string): Response {
  const known = asAppError(err, requestId, where);
  const body: TErrorBody = { error: translate(lng, "errors", known.options.key ?? known.code, known.options.vars), code: known.code };
  if (known.options.details) body.details = known.options.details;
  if (known.options.deliveryId) body.delivery_id = known.options.deliveryId;
  return json(known.options.extra ? { ...known.options.extra, ...body } : body, {
    status: known.status,
    headers: { "x-request-id": requestId, ...(known.options.headers ?? {}) },
  });
}

/** What a client may learn of an error: its own AppError, an unreachable database, or nothing (logged). */
function asAppError(err: unknown, requestId: string, where: string): AppError {
  if (err instanceof AppError) return err;
  const dbDown = databaseUnavailableCode(err);
  if (dbDown) {
    reportDatabaseUnavailable();
    console.error(JSON.stringify({ level: "warn", requestId, where, msg: "database unavailable", code: dbDown }));
    return new AppError("DATABASE_UNAVAILABLE", { headers: { "retry-after": "5" } });
  }
  console.error(JSON.stringify({ level: "error", requestId, where, ...describeError(err) }));
  return new AppError("INTERNAL");
}

/** Wraps a v3 handler: language, request id, and one place where errors become answers. */
export function route<P = Record<string, never>>(fn: (ctx: RouteContext<P>) => Promise<Response>) {
  return async (req: NextRequest, context?: NextContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const lng = requestLang(req);
    // Only the path is logged: query strings may carry secrets such as a manage token.
    const where = `${req.method} ${new URL(req.url).pathname}`;
    try {
      const params = ((await context?.params) ?? {}) as P;
      const res = await fn({ req, lng, requestId, params });
      res.headers.set("x-request-id", requestId);
      return res;
    } catch (err) {
      return errorResponse(err, lng, requestId, where);
    }
  };
}

/** PostgreSQL text cannot hold a NUL character: such input is refused before it reaches a query. */
function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (depth > 20 || !value || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulPath(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return null;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, lng: Lang): z.output<S> {
  const bad = nulPath(input);
  if (bad) throw validationFailed([{ path: bad.join("."), message: translate(lng, "errors", "validation.invalid") }]);
  // With each issue's input, so that a message can tell a field left empty or out from one filled in wrong (it is not sent back).
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw zodToAppError(result.error, lng);
  return result.data;
}

export async function readJson<S extends z.ZodType>(ctx: RouteContext<unknown>, schema: S): Promise<z.output<S>> {
  const type = ctx.req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await readBodyLimited(ctx.req, MAX_JSON_BYTES));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("INVALID_JSON");
  }
  let body: unknown;
  try {
    body = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON");
  }
  return parseWith(schema, body, ctx.lng);
}

export function readQuery<S extends z.ZodType>(ctx: RouteContext<unknown>, schema: S): z.output<S> {
  const query: Record<string, string> = {};
  for (const [k, v] of ctx.req.nextUrl.searchParams) query[k] = v;
  return parseWith(schema, query, ctx.lng);
}

export function readParams<S extends z.ZodType>(ctx: RouteContext<unknown>, schema: S): z.output<S> {
  return parseWith(schema, ctx.params, ctx.lng);
}

/**
 * The body of a call that a page's plain HTML form makes too (it works without JavaScript): the form's fields, or
 * the JSON (null when it is not JSON). `isForm` tells the route to answer with `seeOther` back to the page.
 */
export async function readFormOrJson(ctx: RouteContext<unknown>): Promise<{ isForm: boolean; raw: unknown }> {
  const isForm = (ctx.req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
  // Capped as readJson is: a huge or endless body answers 413 at the cap, never read to its end.
  const text = new TextDecoder().decode(await readBodyLimited(ctx.req, MAX_JSON_BYTES));
  if (isForm) return { isForm, raw: Object.fromEntries(new URLSearchParams(text)) };
  try {
    return { isForm, raw: JSON.parse(text) as unknown };
  } catch {
    return { isForm, raw: null };
  }
}

/** 303 to a page of this site (a path with its query): a plain form's way back to the page that posted it. */
export function seeOther(url: URL): Response {
  return new Response(null, { status: 303, headers: { location: `${url.pathname}${url.search}`, "cache-control": "no-store" } });
}
