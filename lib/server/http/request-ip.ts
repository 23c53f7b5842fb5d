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

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's home or phone gets a whole /64 and may pick any address in it). Anything else as it is.
 */
export function addressBlock(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  let text = ip.toLowerCase().replace(/%.*$/, "");
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** The caller's key for rate limits: its address, an IPv6 one by its /64. */
export function requestIp(req: Request): string {
  const ip = clientIp(req, env().TRUST_PROXY);
  return ip === UNKNOWN_IP ? ip : addressBlock(ip);
}
