import "server-only";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { type Db, getDb, reportDatabaseUnavailable } from "@/lib/server/db/client";
import { rateLimits } from "@/lib/server/db/schema";
import { env } from "@/lib/server/env";
import { AppError, isDatabaseUnavailable } from "@/lib/server/http/errors";

// Counters shared by every app server: the `rate_limits` table by default, Redis when REDIS_URL is set.
// rate-limiter-flexible's own Drizzle store loads drizzle-orm through a computed dynamic import that
// Next's server bundle cannot follow, so this subclass does the same three queries with static imports.

type Row = typeof rateLimits.$inferSelect;

class DrizzleTableLimiter extends RateLimiterDrizzle {
  private readonly db: Db;
  constructor(db: Db, opts: { keyPrefix: string; points: number; duration: number }) {
    super({ ...opts, storeClient: db, schema: rateLimits, clearExpiredByTimeout: false } as never);
    this.db = db;
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<Row> {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const expired = sql`${rateLimits.expire} <= ${now.toISOString()}::timestamptz`;
    const next = expire ? sql`${expire.toISOString()}::timestamptz` : sql`null::timestamptz`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, points, expire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: forceExpire
          ? { points, expire }
          : {
              points: sql`case when ${expired} then ${points} else ${rateLimits.points} + ${points} end`,
              expire: sql`case when ${expired} then ${next} else ${rateLimits.expire} end`,
            },
      })
      .returning();
    return row;
  }

  async _get(key: string): Promise<Row | null> {
    const [row] = await this.db
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), or(gt(rateLimits.expire, new Date()), isNull(rateLimits.expire))))
      .limit(1);
    return row ?? null;
  }

  async _delete(key: string): Promise<boolean> {
    const rows = await this.db.delete(rateLimits).where(eq(rateLimits.key, key)).returning({ key: rateLimits.key });
    return rows.length > 0;
  }
}

type RedisClient = import("ioredis").default;
const g = globalThis as unknown as { __navalhaRedis?: { url: string; client: RedisClient } };

async function redisClient(url: string): Promise<RedisClient> {
  if (g.__navalhaRedis?.url === url) return g.__navalhaRedis.client;
  const { default: Redis } = await import("ioredis");
  // No offline queue: when Redis is down a request fails at once instead of hanging.
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  client.on("error", () => {});
  g.__navalhaRedis = { url, client };
  await new Promise<void>((resolve) => {
    if (client.status === "ready") return resolve();
    client.once("ready", () => resolve());
    client.once("error", () => resolve());
  });
  return client;
}

/** For tests and shutdown. */
export async function closeRedis() {
  const current = g.__navalhaRedis;
  g.__navalhaRedis = undefined;
  if (current) await current.client.quit().catch(() => current.client.disconnect());
}

/** What clientIp() answers when the request names no usable address (never under `next start`, which always sets one). */
export const UNKNOWN_IP = "local";

/**
 * Per-IP rules are skipped when the IP is unknown: every such caller would share one bucket and lock
 * each other out. The per-identifier rules still hold.
 */
export function perKnownIp(rule: LimitRule, ip: string, prefix = ""): [LimitRule, string][] {
  return ip === UNKNOWN_IP ? [] : [[rule, `${prefix}${ip}`]];
}

export type LimitRule = { name: string; points: number; durationSeconds: number };

/**
 * The limits of the account area, keyed on what is attacked: the account, the e-mail or phone written to,
 * the shop, and (address, account) pairs. An address alone (IPv6 by its /64) only has a ceiling far above
 * what the people behind one carrier-grade NAT address do together (docs/decisions/0042-limits-behind-shared-addresses.md).
 */
export const LIMITS = {
  // Wrong current passwords on an account page (profile); sign-in uses the backoff below.
  loginFailuresPerIdentifier: { name: "login_fail_id", points: 10, durationSeconds: 15 * 60 },
  // Sign-in failures per account from browsers it does not know (whichever identifier was typed),
  // forgotten a day after the first; an identifier with no account is counted on its own and forgotten sooner.
  loginFailuresPerAccount: { name: "login_fail_acct", points: 5, durationSeconds: 24 * 60 * 60 },
  loginFailuresUnknown: { name: "login_fail_unknown", points: 5, durationSeconds: 15 * 60 },
  // Closed while an account must wait before its next sign-in attempt.
  loginGate: { name: "login_gate", points: 1, durationSeconds: 15 * 60 },
  // A browser that signed in to the account before (its device cookie) has a budget of its own instead.
  loginFailuresPerDevice: { name: "login_fail_device", points: 5, durationSeconds: 60 * 60 },
  // One address guessing one account; and one address guessing any account at all (a ceiling).
  loginFailuresPerIpAccount: { name: "login_fail_ip_acct", points: 10, durationSeconds: 60 * 60 },
  loginFailuresPerIp: { name: "login_fail_ip", points: 1000, durationSeconds: 15 * 60 },
  // Recovery sends per e-mail or phone written to; an address has a ceiling.
  recoveryPerMinute: { name: "recovery_min", points: 1, durationSeconds: 60 },
  recoveryPerDay: { name: "recovery_day", points: 5, durationSeconds: 24 * 60 * 60 },
  recoveryPerIpHour: { name: "recovery_ip_hour", points: 300, durationSeconds: 60 * 60 },
  recoveryPerIpDay: { name: "recovery_ip_day", points: 1000, durationSeconds: 24 * 60 * 60 },
  checkPhonePerIp: { name: "check_phone_ip", points: 2000, durationSeconds: 15 * 60 },
  // Asking about one phone from many addresses (a list of targets spread over proxies).
  checkPhonePerPhone: { name: "check_phone_phone", points: 5, durationSeconds: 60 * 60 },
  // Sign-ups naming one e-mail or one phone (whether or not it is taken); an address has a ceiling.
  registerPerContact: { name: "register_contact", points: 5, durationSeconds: 60 * 60 },
  registerPerIp: { name: "register_ip", points: 1000, durationSeconds: 60 * 60 },
  resetAttemptsPerIp: { name: "reset_ip", points: 1000, durationSeconds: 15 * 60 },
  // A guest has no account to answer for: a phone (E.164) filling a barber's day; the shop's own limits
  // are in booking-limits.ts; an address has a ceiling.
  // Onboarding: CEP and map look-ups an account asks for (the geocoder's own limit is one a second for the whole
  // site), and the shops one account creates.
  onboardingLookupsPerUser: { name: "onboard_lookup_user", points: 300, durationSeconds: 60 * 60 },
  shopsCreatedPerUser: { name: "shops_created_user", points: 5, durationSeconds: 24 * 60 * 60 },
  guestBookingsPerPhone: { name: "guest_book_phone", points: 10, durationSeconds: 60 * 60 },
  guestBookingsPerIp: { name: "guest_book_ip", points: 3000, durationSeconds: 60 * 60 },
  // A guest's waitlist entries to be told when a time frees up (each asks a WhatsApp code of a phone not proved yet).
  guestWaitlistEntriesPerPhone: { name: "guest_wish_phone", points: 10, durationSeconds: 24 * 60 * 60 },
  guestWaitlistEntriesPerIp: { name: "guest_wish_ip", points: 3000, durationSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

async function limiterFor(rule: LimitRule): Promise<RateLimiterAbstract> {
  const opts = { keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds };
  const url = env().REDIS_URL;
  if (url) return new RateLimiterRedis({ ...opts, storeClient: await redisClient(url) }) as unknown as RateLimiterAbstract;
  return new DrizzleTableLimiter(await getDb(), opts) as unknown as RateLimiterAbstract;
}

function tooMany(msBeforeNext: number): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError("TOO_MANY_REQUESTS", { headers: { "retry-after": String(seconds) } });
}

function storeDown(err: unknown): AppError {
  if (isDatabaseUnavailable(err)) reportDatabaseUnavailable();
  console.error(JSON.stringify({ level: "error", where: "rate-limit", msg: err instanceof Error ? err.message : String(err) }));
  // Fail closed: without its counters the login page would be open to guessing.
  return new AppError("SERVICE_UNAVAILABLE", { key: "DATABASE_UNAVAILABLE", headers: { "retry-after": "5" } });
}

/** Throws 429 (with Retry-After) when `key` has already used all its points; consumes nothing. */
export async function assertNotLimited(rule: LimitRule, key: string): Promise<void> {
  const limiter = await limiterFor(rule);
  let res: RateLimiterRes | null;
  try {
    res = await limiter.get(key);
  } catch (err) {
    throw storeDown(err);
  }
  if (res && res.consumedPoints >= rule.points) throw tooMany(res.msBeforeNext);
}

/** Consumes one point of every (rule, key) pair; throws 429 when any of them is over its limit. */
export async function consume(pairs: [LimitRule, string][]): Promise<void> {
  let worst = 0;
  for (const [rule, key] of pairs) {
    const limiter = await limiterFor(rule);
    try {
      await limiter.consume(key, 1);
    } catch (err) {
      if (err instanceof RateLimiterRes) worst = Math.max(worst, err.msBeforeNext || 1000);
      else throw storeDown(err);
    }
  }
  if (worst > 0) throw tooMany(worst);
}

/** Like consume, but a refused request uses no points (a send blocked by the minute limit does not count for the day). */
export async function consumeIfAllowed(pairs: [LimitRule, string][]): Promise<void> {
  for (const [rule, key] of pairs) await assertNotLimited(rule, key);
  await consume(pairs);
}

/** Adds a point without refusing (a failed login). */
export async function penalize(rule: LimitRule, key: string): Promise<void> {
  const limiter = await limiterFor(rule);
  try {
    await limiter.penalty(key, 1);
  } catch (err) {
    throw storeDown(err);
  }
}

/** Forgets a key (a successful login clears the identifier's failures). */
export async function forget(rule: LimitRule, key: string): Promise<void> {
  const limiter = await limiterFor(rule);
  try {
    await limiter.delete(key);
  } catch (err) {
    throw storeDown(err);
  }
}

/** The wait after `failures` failed attempts: none for the first few, then 2, 4, 8 … seconds, at most 15 minutes. */
export function backoffSeconds(failures: number, freeAttempts = 5): number {
  return failures < freeAttempts ? 0 : Math.min(2 ** (failures - freeAttempts + 1), 15 * 60);
}

/**
 * Lets one attempt through for `key`, or throws 429 with Retry-After while the key must wait. The
 * attempt is counted as a failure up front (clearAttempts undoes it on success), and past the free
 * attempts it must also take the gate: one atomic upsert, so a burst of parallel guesses gets one
 * try, not one each. Answers the failure count including this attempt.
 */
export async function admitAttempt(counter: LimitRule, key: string): Promise<number> {
  const gate = await limiterFor(LIMITS.loginGate);
  const failures = await limiterFor(counter);
  try {
    const closed = await gate.get(key);
    if (closed && closed.consumedPoints >= 1 && closed.msBeforeNext > 0) throw tooMany(closed.msBeforeNext);
    const n = (await failures.penalty(key, 1)).consumedPoints;
    if (n <= counter.points) return n;
    try {
      await gate.consume(key, 1, { customDuration: backoffSeconds(n - 1, counter.points) });
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      await failures.reward(key, 1);
      throw tooMany(err.msBeforeNext || 1000);
    }
    return n;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw storeDown(err);
  }
}

/**
 * Claims one of `key`'s points before the attempt it pays for (so a burst of parallel attempts cannot all
 * pass a count taken before any of them): true when it was within the budget, else the point is given back.
 */
export async function claimAttempt(rule: LimitRule, key: string): Promise<boolean> {
  const limiter = await limiterFor(rule);
  try {
    if ((await limiter.penalty(key, 1)).consumedPoints <= rule.points) return true;
    await limiter.reward(key, 1);
    return false;
  } catch (err) {
    throw storeDown(err);
  }
}

/** After a failed attempt (the `failures`th): close the gate for the backoff. */
export async function recordFailure(counter: LimitRule, key: string, failures: number): Promise<void> {
  const wait = backoffSeconds(failures, counter.points);
  if (wait === 0) return;
  const gate = await limiterFor(LIMITS.loginGate);
  try {
    await gate.block(key, wait);
  } catch (err) {
    throw storeDown(err);
  }
}

/** After a success: the key starts afresh. */
export async function clearAttempts(counter: LimitRule, key: string): Promise<void> {
  await forget(counter, key);
  await forget(LIMITS.loginGate, key);
}
