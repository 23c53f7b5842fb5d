import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/server/db/client";
import { sessions, users } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { AppError, unauthorized } from "@/lib/server/http/errors";
import { signToken, type TokenClaims, verifyToken } from "./tokens";

export type AuthUser = typeof users.$inferSelect;
export type Session = { sid: string; authTime: Date };

function bearer(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** A new sign-in: a sessions row that ends SESSION_MAX_AGE_DAYS from now, whatever the renewals. */
export async function startSession(userId: number, now = new Date()): Promise<Session> {
  const db = await getDb();
  const sid = randomBytes(16).toString("base64url");
  const expiresAt = new Date(now.getTime() + env().SESSION_MAX_AGE_DAYS * 86_400_000);
  // Sign-ins that ended long ago are dropped here, so a user's rows do not pile up.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({ id: sid, userId, createdAt: now, expiresAt });
  return { sid, authTime: now };
}

/** A token for a session; it never outlives the session's absolute end. */
export async function sessionToken(user: Pick<AuthUser, "id" | "tokenVersion">, session: Session, now = new Date()): Promise<string> {
  const end = session.authTime.getTime() + env().SESSION_MAX_AGE_DAYS * 86_400_000;
  const left = Math.floor((end - now.getTime()) / 1000);
  if (left <= 0) throw unauthorized();
  const claims: TokenClaims = { userId: user.id, tokenVersion: user.tokenVersion, ...session };
  return signToken(claims, Math.min(env().JWT_TTL_SECONDS, left));
}

/** Logout: this sign-in only; the user's other devices stay signed in. */
export async function revokeSession(sid: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
}

// The lookup every signed-in request makes, built once per database (Drizzle would build its SQL on every call).
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();
const buildSessionLookup = (db: Db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sid")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare("auth_session");
function sessionLookup(db: Db) {
  let q = sessionLookups.get(db);
  if (!q) sessionLookups.set(db, (q = buildSessionLookup(db)));
  return q;
}

/** The signed-in user and session of a request, or null when there is no token; a bad, revoked or ended one is a 401. */
export async function authenticate(req: Request, now = new Date()): Promise<{ user: AuthUser; session: Session } | null> {
  const token = bearer(req);
  if (!token) return null;
  const claims = await verifyToken(token);
  if (!claims) throw unauthorized();
  const [row] = await sessionLookup(await getDb()).execute({ sid: claims.sid, userId: claims.userId, now: now.toISOString() });
  // A password change or account deletion bumps the version and so ends every older token.
  if (!row || row.user.tokenVersion !== claims.tokenVersion) throw unauthorized();
  return { user: row.user, session: { sid: claims.sid, authTime: claims.authTime } };
}

/** The signed-in user of a request, or null when there is no token; a bad token is a 401. */
export async function optionalUser(req: Request): Promise<AuthUser | null> {
  return (await authenticate(req))?.user ?? null;
}

export async function requireUser(req: Request): Promise<AuthUser> {
  const user = await optionalUser(req);
  if (!user) throw unauthorized();
  return user;
}

/** Only clients use this site: other user types are refused. */
export async function requireClientSession(req: Request): Promise<{ user: AuthUser; session: Session }> {
  const auth = await authenticate(req);
  if (!auth) throw unauthorized();
  if (auth.user.type !== "client") throw new AppError("FORBIDDEN", { key: "NOT_CLIENT" });
  return auth;
}

export async function requireClient(req: Request): Promise<AuthUser> {
  return (await requireClientSession(req)).user;
}
