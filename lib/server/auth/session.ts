import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { AppError, unauthorized } from "@/lib/server/http/errors";
import { verifyToken } from "./tokens";

export type AuthUser = typeof users.$inferSelect;

function bearer(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/** The signed-in user of a request, or null when there is no token; a bad token is a 401. */
export async function optionalUser(req: Request): Promise<AuthUser | null> {
  const token = bearer(req);
  if (!token) return null;
  const claims = await verifyToken(token);
  if (!claims) throw unauthorized();
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.deletedAt)))
    .limit(1);
  // A password change or account deletion bumps the version and so ends every older token.
  if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthorized();
  return user;
}

export async function requireUser(req: Request): Promise<AuthUser> {
  const user = await optionalUser(req);
  if (!user) throw unauthorized();
  return user;
}

/** Only clients use this site: other user types are refused. */
export async function requireClient(req: Request): Promise<AuthUser> {
  const user = await requireUser(req);
  if (user.type !== "client") throw new AppError(403, "FORBIDDEN", { key: "NOT_CLIENT" });
  return user;
}
