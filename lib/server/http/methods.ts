import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "./errors";
import { route } from "./handler";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];
type Handler = (req: NextRequest, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * The methods a v3 path does not serve. Next answers a method a route file does not export with a
 * bare 405 (no body, no Allow), so each route file exports these too: 405 with Allow and the contract's
 * error body, and OPTIONS listing what the path serves (HEAD comes with GET). Usage, after the handlers:
 *   export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
 */
export function otherMethods(served: Partial<Record<ApiMethod, Handler>>): Record<ApiMethod | "OPTIONS", Handler> {
  const names: string[] = API_METHODS.filter((m) => served[m]);
  if (served.GET) names.push("HEAD");
  const allow = [...names, "OPTIONS"].sort().join(", ");
  const notAllowed = route(async () => {
    throw new AppError("METHOD_NOT_ALLOWED", { headers: { allow } });
  });
  const options: Handler = async () => new Response(null, { status: 204, headers: { allow } });
  return {
    GET: served.GET ?? notAllowed,
    POST: served.POST ?? notAllowed,
    PUT: served.PUT ?? notAllowed,
    PATCH: served.PATCH ?? notAllowed,
    DELETE: served.DELETE ?? notAllowed,
    OPTIONS: options,
  };
}
