import "server-only";
import { eq, sql } from "drizzle-orm";
import { phoneToE164 } from "@/lib/contract/common";
import type { TCheckPhone, TLogin, ZRegister } from "@/lib/contract/account";
import type { z } from "zod";
import type { Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import {
  admitAttempt,
  assertNotLimited,
  claimAttempt,
  clearAttempts,
  consume,
  forget,
  type LimitRule,
  LIMITS,
  penalize,
  perKnownIp,
  recordFailure,
} from "@/lib/server/rate-limit/limiter";
import { issueDeviceCookie, verifyDeviceCookie } from "./device-cookie";
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

export type SignInCaller = { ip: string; cookie: string | null };

/**
 * Unknown users and wrong passwords fail alike (401 LOGIN_FAILED, same work done). A browser that signed in
 * to the account before (its device cookie) answers only for its own failures: 5 an hour, then it counts as a
 * stranger. Strangers' failures count per account, whether the e-mail or the phone was typed: after 5, each
 * further attempt waits 2, 4, 8 … seconds (at most 15 minutes; 429 with Retry-After meanwhile), and the right
 * password after the wait still signs in: a guesser slows the account down for strangers but cannot lock its
 * owner's browsers out. One address may fail 10 times an hour on one account and 1,000 times in 15 minutes on
 * all of them: the people behind one carrier-grade NAT address do not lock each other out. A success answers a new
 * device cookie (Set-Cookie) with the token.
 */
export async function login(db: Executor, input: TLogin, caller: SignInCaller) {
  const user = await findUserByLogin(db, input.login);
  const device = user ? await verifyDeviceCookie(caller.cookie, user) : null;
  const deviceKey = device ? `device:${device.deviceId}` : null;
  const known = deviceKey !== null && (await claimAttempt(LIMITS.loginFailuresPerDevice, deviceKey));

  const counter = user ? LIMITS.loginFailuresPerAccount : LIMITS.loginFailuresUnknown;
  const key = user ? `user:${user.id}` : `id:${loginIdentifier(input.login)?.value ?? input.login.trim().toLowerCase()}`;
  const pairLimit = known ? [] : perKnownIp(LIMITS.loginFailuresPerIpAccount, caller.ip, `${key}@`);
  const addressLimits = known ? [] : [...perKnownIp(LIMITS.loginFailuresPerIp, caller.ip), ...pairLimit];
  for (const [rule, k] of addressLimits) await assertNotLimited(rule, k);
  const failures = known ? 0 : await admitAttempt(counter, key);

  const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), input.password);
  if (!user || !user.passwordHash || !ok) {
    // A known browser's failure was counted when it claimed its attempt.
    if (!known) {
      await recordFailure(counter, key, failures);
      for (const [rule, k] of addressLimits) await penalize(rule, k);
    }
    throw new AppError("LOGIN_FAILED");
  }
  if (known && deviceKey) await forget(LIMITS.loginFailuresPerDevice, deviceKey);
  else {
    await clearAttempts(counter, key);
    for (const [rule, k] of pairLimit) await forget(rule, k);
  }
  if (user.type !== "client") throw new AppError("FORBIDDEN", { key: "NOT_CLIENT" });
  return { answer: await authAnswer(user), deviceCookie: await issueDeviceCookie(user) };
}

/** Sign-ups per e-mail and per phone written (taken or not), and a ceiling per address; a refused one creates nothing. */
export async function registerClient(db: Executor, input: z.output<typeof ZRegister>, ip: string) {
  const email = normaliseEmail(input.email);
  const phone = phoneToE164(input.phone);
  await consume([
    [LIMITS.registerPerContact, `email:${email}`],
    ...(phone ? ([[LIMITS.registerPerContact, `phone:${phone}`]] as [LimitRule, string][]) : []),
    ...perKnownIp(LIMITS.registerPerIp, ip),
  ]);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        type: "client",
        name: input.name.trim(),
        email,
        phone,
        passwordHash,
        birthDate: input.birth_date ?? null,
      })
      .returning();
    // Signing up signs in: this browser is known to the account from now on.
    return { answer: await authAnswer(row), deviceCookie: await issueDeviceCookie(row) };
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
