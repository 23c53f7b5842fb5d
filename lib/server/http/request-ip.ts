import "server-only";
import { env } from "@/lib/server/env";
import { clientIp } from "./handler";

/**
 * The caller's IP for rate limits. Next gives route handlers no socket address: in production a
 * reverse proxy must set X-Forwarded-For and the app run with TRUST_PROXY=1.
 */
export function requestIp(req: Request): string {
  return clientIp(req, env().TRUST_PROXY === "1");
}
