import "server-only";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZChangePassword, ZUpdateUserData } from "@/lib/contract/account";
import { phoneToE164 } from "@/lib/contract/common";
import type { TUser } from "@/lib/contract/users";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { authAnswer, normaliseEmail, toUser, uniqueViolation, type UserRow } from "@/lib/server/auth/users";
import type { Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { AppError, forbidden } from "@/lib/server/http/errors";
import type { Lang } from "@/lib/i18n/settings";
import { translate } from "@/lib/server/http/i18n";
import { queueMessage } from "@/lib/server/notifications/outbox";
import { assertNotLimited, forget, LIMITS, penalize } from "@/lib/server/rate-limit/limiter";

/** My data; asking for anybody else's id is refused. */
export function getUserData(me: UserRow, userId: number | undefined): { user: TUser } {
  if (userId !== undefined && userId !== me.id) throw forbidden();
  return { user: toUser(me) };
}

async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

export async function updateUserData(db: Executor, me: UserRow, input: z.output<typeof ZUpdateUserData>): Promise<{ user: TUser }> {
  const row = await updateUser(db, me.id, {
    name: input.name.trim(),
    phone: phoneToE164(input.phone),
    ...(input.birth_date !== undefined ? { birthDate: input.birth_date } : {}),
  });
  return { user: toUser(row) };
}

/** A new e-mail changes where recovery links go: the old address is told, so a hijack does not go unseen. */
export async function updateEmail(db: Executor, me: UserRow, email: string, lng: Lang): Promise<{ user: TUser }> {
  const row = await updateUser(db, me.id, { email: normaliseEmail(email) });
  if (me.email && me.email !== row.email) {
    const t = (key: string) => translate(lng, "account", `messages.emailChanged.${key}`, { name: me.name, email: row.email });
    await queueMessage(db, { channel: "email", recipient: me.email, subject: t("subject"), body: t("body") });
  }
  return { user: toUser(row) };
}

/** Checks the account's password for a sensitive change; wrong guesses count like failed logins. */
export async function assertPassword(me: UserRow, password: string): Promise<void> {
  const key = `user:${me.id}`;
  await assertNotLimited(LIMITS.loginFailuresPerIdentifier, key);
  if (!(await verifyPassword(me.passwordHash, password))) {
    await penalize(LIMITS.loginFailuresPerIdentifier, key);
    throw new AppError(400, "WRONG_PASSWORD");
  }
  await forget(LIMITS.loginFailuresPerIdentifier, key);
}

/** A new password ends every other session (token version) and hands this one a fresh token. */
export async function changePassword(db: Executor, me: UserRow, input: z.output<typeof ZChangePassword>) {
  await assertPassword(me, input.current_password);
  const row = await updateUser(db, me.id, { passwordHash: await hashPassword(input.password), tokenVersion: sql`${users.tokenVersion} + 1` as never });
  return authAnswer(row);
}
