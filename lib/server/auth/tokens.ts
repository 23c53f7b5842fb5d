import "server-only";
import { SignJWT, decodeProtectedHeader, jwtVerify } from "jose";
import { env } from "@/lib/server/env";
import { currentKey, keyById } from "./signing-keys";

// HS256 only: the algorithm is pinned on verify, so a token cannot choose its own.
const ALG = "HS256";
const ISSUER = "navalha";
const AUDIENCE = "navalha-web";

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
    .sign(key.secret);
}

/** The claims of a valid, unexpired token, or null. Revocation (session, token version) is checked by the caller. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
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
    const { payload } = await jwtVerify(token, key.secret, { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    const tokenVersion = Number(payload.tv);
    const authTime = Number(payload.auth_time);
    const sid = payload.sid;
    if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(tokenVersion)) return null;
    if (typeof sid !== "string" || !sid || !Number.isInteger(authTime)) return null;
    return { userId, tokenVersion, sid, authTime: new Date(authTime * 1000) };
  } catch {
    return null;
  }
}
