import "server-only";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Executor } from "@/lib/server/db/client";
import { pushSubscriptions } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { PermanentDeliveryError } from "./whatsapp";

// Web Push (RFC 8030, its payload encrypted as RFC 8291 says and signed with the site's VAPID key, RFC 8292) to the
// browsers the shop's staff subscribed: docs/decisions/0054-web-push.md.

/** What the service worker (public/sw.js) shows: the notification's title and text, and the page a click opens. */
export type PushMessage = { title: string; body: string; url: string; tag?: string };

/** A push service that asks to be tried again later (429, Retry-After): the outbox waits that long. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

/** A push service keeps an undelivered message this long (s) for a browser that is offline: an alert is stale after. */
const TTL_SECONDS = 4 * 3600;

export function isPushEnabled(): boolean {
  const e = env();
  return Boolean(e.WEB_PUSH_VAPID_PUBLIC_KEY && e.WEB_PUSH_VAPID_PRIVATE_KEY);
}

export const vapidPublicKey = (): string | null => (isPushEnabled() ? env().WEB_PUSH_VAPID_PUBLIC_KEY! : null);

const listOf = (raw: string) =>
  raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * Whether the server may POST to an endpoint a browser gave: https on a known push service (any other host would
 * make the server send requests wherever a signed-in member points it), or a configured local push service.
 */
export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const e = env();
  if (url.protocol === "http:") return listOf(e.WEB_PUSH_HTTP_ORIGINS).includes(url.origin.toLowerCase());
  if (url.protocol !== "https:" || url.port) return false;
  const host = url.hostname.toLowerCase();
  return listOf(e.WEB_PUSH_HOSTS).some((h) => (h.startsWith("*.") ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
}

/** Seconds or an HTTP date, as Retry-After carries them; a minute when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = header ? Date.parse(header) : NaN;
  return Number.isFinite(at) ? Math.max(0, at - now) : 60_000;
}

/**
 * Sends one alert to one subscribed browser. A push service's 404 or 410 (the browser unsubscribed, or the
 * subscription expired) removes the subscription and fails for good, as any other 4xx does; a 429 waits for its
 * Retry-After; a 5xx or a network failure is tried again by the outbox.
 */
export async function sendWebPush(db: Executor, subscriptionId: number, message: PushMessage): Promise<void> {
  if (!isPushEnabled()) throw new Error("Web Push is off: WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY are not set");
  const [sub] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)).limit(1);
  if (!sub) throw new PermanentDeliveryError("the browser's subscription was removed");
  if (!isAllowedPushEndpoint(sub.endpoint)) throw new PermanentDeliveryError("the subscription's endpoint is not an allowed push service");
  const e = env();
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
    vapidDetails: { subject: e.WEB_PUSH_SUBJECT, publicKey: e.WEB_PUSH_VAPID_PUBLIC_KEY!, privateKey: e.WEB_PUSH_VAPID_PRIVATE_KEY! },
    TTL: TTL_SECONDS,
    urgency: "high",
    contentEncoding: "aes128gcm",
  });
  // fetch rather than web-push's own sender: it speaks https only, and a test's push service is http on 127.0.0.1.
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: "error",
    signal: AbortSignal.timeout(10_000),
  });
  if (res.ok) return;
  const text = (await res.text().catch(() => "")).slice(0, 200);
  const error = `push service answered ${res.status}${text ? `: ${text}` : ""}`;
  if (res.status === 404 || res.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    throw new PermanentDeliveryError(`${error}; the subscription was removed`, res.status);
  }
  await db
    .update(pushSubscriptions)
    .set({ lastError: error.slice(0, 500), lastErrorAt: new Date() })
    .where(eq(pushSubscriptions.id, sub.id));
  if (res.status === 429) throw new RetryLaterError(error, retryAfterMs(res.headers.get("retry-after")));
  if (res.status >= 400 && res.status < 500) throw new PermanentDeliveryError(error, res.status);
  throw new Error(error);
}
