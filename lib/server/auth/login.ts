import "server-only";
import { eq, sql } from "drizzle-orm";
import { phoneToE164 } from "@/lib/contract/common";
import type { TCheckPhone, TLogin, ZRegister } from "@/lib/contract/account";
import type { z } from "zod";
import type { Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { admitAttempt, assertNotLimited, clearAttempts, consume, LIMITS, penalize, perKnownIp, recordFailure } from "@/lib/server/rate-limit/limiter";
import { hashPassword, verifyPassword } from "./password";
import { authAnswer, findActiveUserByEmail, findActiveUserByPhone, normaliseEmail, uniqueViolation, type UserRow } from "./users";

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when there is no user, so that unknown and known logins take as long. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

/** "ana@x.com" or a phone in any of its masks → the key the account is found by. */
export function loginIdentifier(login: string): { kind: "email" | "phone"; value: string } | null {
  const trimmed = login.trim();
  if (trimmed.includes("@")) return { kind: "email", value: normaliseEmail(trimmed) };
  const phone = phoneToE164(trimmed);
  return phone ? { kind: "phone", value: phone } : null;
}

export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const id = loginIdentifier(login);
  if (!id) return undefined;
  return id.kind === "email" ? findActiveUserByEmail(db, id.value) : findActiveUserByPhone(db, id.value);
}

/**
 * Unknown users and wrong passwords fail alike (401 LOGIN_FAILED, same work done). Failures count per
 * account, whether the e-mail or the phone was typed: after 5, each further attempt waits 2, 4, 8 …
 * seconds (at most 15 minutes; 429 with Retry-After meanwhile), and the right password after the wait
 * still signs in: a guesser slows the account down but cannot lock its owner out. The 11th failure
 * within 15 minutes from one IP answers 429 too.
 */
export async function login(db: Executor, input: TLogin, ip: string) {
  const ipLimit = perKnownIp(LIMITS.loginFailuresPerIp, ip);
  for (const [rule, key] of ipLimit) await assertNotLimited(rule, key);

  const user = await findUserByLogin(db, input.login);
  const counter = user ? LIMITS.loginFailuresPerAccount : LIMITS.loginFailuresUnknown;
  const key = user ? `user:${user.id}` : `id:${loginIdentifier(input.login)?.value ?? input.login.trim().toLowerCase()}`;
  const failures = await admitAttempt(counter, key);

  const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), input.password);
  if (!user || !user.passwordHash || !ok) {
    await recordFailure(counter, key, failures);
    for (const [rule, k] of ipLimit) await penalize(rule, k);
    throw new AppError("LOGIN_FAILED");
  }
  await clearAttempts(counter, key);
  if (user.type !== "client") throw new AppError("FORBIDDEN", { key: "NOT_CLIENT" });
  return authAnswer(user);
}

export async function registerClient(db: Executor, input: z.output<typeof ZRegister>, ip: string) {
  await consume(perKnownIp(LIMITS.registerPerIp, ip));
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        type: "client",
        name: input.name.trim(),
        email: normaliseEmail(input.email),
        phone: phoneToE164(input.phone),
        passwordHash,
        birthDate: input.birth_date ?? null,
      })
      .returning();
    return authAnswer(row);
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

export async function isPhoneRegistered(db: Executor, input: TCheckPhone, ip: string): Promise<{ registered: boolean }> {
  const phone = phoneToE164(input.phone);
  await consume([...perKnownIp(LIMITS.checkPhonePerIp, ip), [LIMITS.checkPhonePerPhone, phone ?? input.phone]]);
  if (!phone) return { registered: false };
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  return { registered: Boolean(row) };
}
