import "server-only";
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/server/env";
import { currentKey, keyById } from "./signing-keys";

// OWASP's "device cookie" against password guessing (docs/decisions/0042-limits-behind-shared-addresses.md):
// a browser that has signed in to an account before carries a signed cookie naming that account, and is let
// in past the lockout that strangers cause the account, within a small budget of its own.

export const DEVICE_COOKIE = "navalha_device";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
// Sent only with sign-in: nothing else reads it, and no other route carries it.
const COOKIE_PATH = "/v3/login";

export type DeviceProof = { userId: number; deviceId: string };

/** The cookie's own key, derived from the session key it names: a cookie and a token can never stand for each other. */
function macOf(secret: Uint8Array, payload: string): Buffer {
  const key = Buffer.from(hkdfSync("sha256", secret, "navalha-device-cookie", "device", 32));
  return createHmac("sha256", key).update(payload).digest();
}

const payloadOf = (userId: number, tokenVersion: number, deviceId: string) => `device:${userId}.${tokenVersion}.${deviceId}`;

/**
 * A new cookie value for the account: `<user>.<token version>.<device id>.<kid>.<mac>`. The token version
 * makes a password change or reset retire every device of the account, as it ends every session.
 */
export async function issueDeviceCookie(user: { id: number; tokenVersion: number }): Promise<string> {
  const { kid, secret } = await currentKey("session");
  const deviceId = randomBytes(16).toString("base64url");
  const mac = macOf(secret, payloadOf(user.id, user.tokenVersion, deviceId)).toString("base64url");
  const value = `${user.id}.${user.tokenVersion}.${deviceId}.${kid}.${mac}`;
  const secure = env().PUBLIC_SITE_URL.startsWith("https:") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

/** The device a request's cookie proves for `user`, or null when it has none, names another account or is forged or stale. */
export async function verifyDeviceCookie(cookieHeader: string | null, user: { id: number; tokenVersion: number }): Promise<DeviceProof | null> {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const parts = raw?.split(".");
  if (!parts || parts.length !== 5) return null;
  const [userId, tokenVersion, deviceId, kid, mac] = parts;
  if (userId !== String(user.id) || tokenVersion !== String(user.tokenVersion) || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return null;
  const key = await keyById("session", kid);
  if (!key) return null;
  const expected = macOf(key.secret, payloadOf(user.id, user.tokenVersion, deviceId));
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: user.id, deviceId };
}
