import "server-only";
import { SignJWT, decodeProtectedHeader, jwtVerify } from "jose";
import { env } from "@/lib/server/env";
import { currentKey, keyById } from "./signing-keys";

// HS256 only: the algorithm is pinned on verify, so a token cannot choose its own.
const ALG = "HS256";
const ISSUER = "navalha";
const AUDIENCE = "navalha-web";

// Each key imported into WebCrypto once (jose would import raw bytes again on every token), for as long as its ring
// keeps it.
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function cryptoKeyOf(secret: Uint8Array): Promise<CryptoKey> {
  let key = imported.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", secret as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    imported.set(secret, key);
  }
  return key;
}

/** `sid` names the sign-in (sessions row); `authTime` is when it happened, kept across renewals. */
export type TokenClaims = { userId: number; tokenVersion: number; sid: string; authTime: Date };

export async function signToken(claims: TokenClaims, ttlSeconds = env().JWT_TTL_SECONDS): Promise<string> {
  const key = await currentKey("session");
  return new SignJWT({ tv: claims.tokenVersion, sid: claims.sid, auth_time: Math.floor(claims.authTime.getTime() / 1000) })
    .setProtectedHeader({ alg: ALG, typ: "JWT", kid: key.kid })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await cryptoKeyOf(key.secret));
}

// Tokens verified lately, by their whole text: a request with the same token skips the signature check while the
// token is unexpired and the key that signed it is still the ring's (a retired key ends its tokens here too). Only
// a token this server verified itself can be found; the oldest go first past VERIFIED_MAX.
type Verified = { claims: TokenClaims; kid: string; secret: Uint8Array; expMs: number };
const VERIFIED_MAX = 10_000;
const verified = new Map<string, Verified>();

function remember(token: string, entry: Verified) {
  verified.set(token, entry);
  if (verified.size > VERIFIED_MAX) verified.delete(verified.keys().next().value!);
}

/** The claims of a valid, unexpired token, or null. Revocation (session, token version) is checked by the caller. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  const seen = verified.get(token);
  if (seen) {
    const key = Date.now() < seen.expMs ? await keyById("session", seen.kid) : undefined;
    if (key && (key.secret === seen.secret || Buffer.compare(key.secret, seen.secret) === 0)) return seen.claims;
    verified.delete(token);
  }
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  if (typeof kid !== "string") return null;
  // Outside the catch: an unreachable key store is a 503, not a bad token.
  const key = await keyById("session", kid);
  if (!key) return null;
  try {
    const { payload } = await jwtVerify(token, await cryptoKeyOf(key.secret), { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    const tokenVersion = Number(payload.tv);
    const authTime = Number(payload.auth_time);
    const sid = payload.sid;
    if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(tokenVersion)) return null;
    if (typeof sid !== "string" || !sid || !Number.isInteger(authTime)) return null;
    const claims = { userId, tokenVersion, sid, authTime: new Date(authTime * 1000) };
    if (typeof payload.exp === "number") remember(token, { claims, kid, secret: key.secret, expMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}
