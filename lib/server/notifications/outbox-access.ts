import "server-only";
import { timingSafeEqual } from "node:crypto";

export const MIN_OUTBOX_KEY_LENGTH = 16;

export type OutboxSettings = { production: boolean; enabled: boolean; key?: string };

/**
 * Whether /dev/outbox may show its messages (live reset links and codes) to this request. In production
 * it takes ENABLE_DEV_OUTBOX=1 and a DEV_OUTBOX_KEY of 16+ characters given as ?key=. In development
 * the page is open unless a key is set, which then is required there too
 * (docs/decisions/0012-http-edge-hardening.md).
 */
export function canShowOutbox(given: string | null | undefined, settings: OutboxSettings): boolean {
  const key = settings.key ?? "";
  if (!settings.production && !key) return true;
  if (settings.production && !settings.enabled) return false;
  if (key.length < MIN_OUTBOX_KEY_LENGTH || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
