import "server-only";
import { SignJWT, jwtVerify } from "jose";
import { env } from "@/lib/server/env";

// HS256 only: the algorithm is pinned on verify, so a token cannot choose its own.
const ALG = "HS256";
const ISSUER = "navalha";
const AUDIENCE = "navalha-web";

function key() {
  return new TextEncoder().encode(env().JWT_SECRET);
}

export type TokenClaims = { userId: number; tokenVersion: number };

export async function signToken(claims: TokenClaims, ttlSeconds = env().JWT_TTL_SECONDS): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key());
}

/** The claims of a valid, unexpired token, or null. Revocation (token version) is checked by the caller. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: [ALG], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    const tokenVersion = Number(payload.tv);
    if (!Number.isInteger(userId) || userId <= 0 || !Number.isInteger(tokenVersion)) return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
