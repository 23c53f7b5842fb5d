import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { TUser } from "@/lib/contract/users";
import type { Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { AppError, pgConstraint, pgErrorCode } from "@/lib/server/http/errors";
import { type Session, sessionToken, startSession } from "./session";

export type UserRow = typeof users.$inferSelect;

/** The contract's User: only clients reach the pages, so the type is always "client". */
export function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    type: "client",
    name: row.name,
    email: row.email,
    phone: row.phone,
    birth_date: row.birthDate,
    avatar_url: row.avatarUrl,
  };
}

/** A token and the user: for a new sign-in (a new session), or renewing `session` (same sign-in time). */
export async function authAnswer(row: UserRow, session?: Session): Promise<{ token: string; user: TUser }> {
  return { token: await sessionToken(row, session ?? (await startSession(row.id))), user: toUser(row) };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findActiveUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${normaliseEmail(email)}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findActiveUserByPhone(db: Executor, phoneE164: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phoneE164), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Unique e-mail and phone violations become the contract's 409s. */
export function uniqueViolation(err: unknown): AppError | undefined {
  if (pgErrorCode(err) !== "23505") return undefined;
  const constraint = pgConstraint(err) ?? "";
  if (constraint.includes("email")) return new AppError("EMAIL_IN_USE");
  if (constraint.includes("phone")) return new AppError("PHONE_IN_USE");
  return undefined;
}
