import "server-only";
import { isIP } from "node:net";
import { env } from "@/lib/server/env";
import { UNKNOWN_IP } from "@/lib/server/rate-limit/limiter";

/**
 * The caller's address for rate limits, from X-Forwarded-For, to which each proxy in front appends the
 * address it was reached from. With `trustedHops` proxies in front, the entry that the outermost one wrote
 * (the `trustedHops`-th from the right) is the client; everything left of it the client may have written.
 * With no proxy, server.mjs has replaced the header with the socket's address (forwarded-for.js,
 * docs/decisions/0041-http-edge-second-pass.md), whatever the client sent. Never one key for everyone:
 * UNKNOWN_IP only when no usable address is there, and callers skip per-address rules for it.
 */
export function clientIp(req: Request, trustedHops: number): string {
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return UNKNOWN_IP;
  // Fewer entries than proxies: the request skipped one; the leftmost is the best there is.
  const entry = entries[Math.max(0, entries.length - Math.max(trustedHops, 1))];
  return normaliseIp(entry) ?? UNKNOWN_IP;
}

/** One spelling per address: no port, no brackets, IPv4 rather than IPv4-mapped IPv6; anything else is no address. */
function normaliseIp(entry: string): string | null {
  const unwrapped = entry.match(/^\[([^\]]+)\](?::\d+)?$/)?.[1] ?? entry.match(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/)?.[1] ?? entry;
  const ip = unwrapped.toLowerCase().replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/, "");
  return isIP(ip) ? ip : null;
}

export function requestIp(req: Request): string {
  return clientIp(req, env().TRUST_PROXY);
}
