import type { z } from "zod";

/** One documented v3 route; the OpenAPI document and the fuzz test are built from these. */
export type RouteDef = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path under /v3, with {param} placeholders. */
  path: string;
  summary: string;
  /** Rules a client needs beyond the schemas (error codes, limits). */
  description?: string;
  tag: string;
  /**
   * "required": only with a signed-in client's bearer token; "optional": with one or without (a signed-in client
   * may get more); "none" or left out: public. The operation's OpenAPI `security` says the same.
   */
  auth?: "required" | "optional" | "none";
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data instead of JSON (the avatar). */
  multipart?: boolean;
  headers?: z.ZodObject;
  /** Status → schema of the answer body; error statuses use ZErrorBody. */
  responses: Record<number, z.ZodType | null>;
  /** Media types of an answer other than JSON alone (e.g. a report as JSON or text/csv); JSON takes the schema, others are text. */
  media?: Record<number, string[]>;
};

export function defineRoute(def: RouteDef): RouteDef {
  return def;
}
