// With REDIS_URL set, the login counters live in Redis (shared by every app server), not in the database.
import { POST as login } from "@/app/v3/login/route";
import type { Db } from "@/lib/server/db/client";
import { rateLimits } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { resetEnvCache } from "@/lib/server/env";
import { clearAttempts, closeRedis, LIMITS } from "@/lib/server/rate-limit/limiter";
import { call, makeAccount, PASSWORD, randomIp } from "@/tests/factories/account";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

beforeAll(() => {
  process.env.REDIS_URL = REDIS_URL;
  resetEnvCache();
});
afterAll(async () => {
  await closeRedis();
  delete process.env.REDIS_URL;
  resetEnvCache();
});

it("counts failed logins in Redis and makes the attempt after the fifth failure wait (429)", async () => {
  const { user } = await makeAccount(db());
  // Redis keeps counters between runs, and every fresh test database numbers its users from 1 again.
  await clearAttempts(LIMITS.loginFailuresPerAccount, `user:${user.id}`);
  for (let i = 0; i < 5; i++) {
    expect((await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: "wrong-pass" } }))).status).toBe(401);
  }
  const blocked = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }));
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await db().select().from(rateLimits)).toHaveLength(0);
});

it("fails closed with 503 when the limit store cannot be reached", async () => {
  const { user } = await makeAccount(db());
  await closeRedis();
  process.env.REDIS_URL = "redis://127.0.0.1:1";
  resetEnvCache();
  try {
    const res = await login(call("/v3/login", { ip: randomIp(), body: { login: user.email, password: PASSWORD } }));
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe("SERVICE_UNAVAILABLE");
  } finally {
    await closeRedis();
    process.env.REDIS_URL = REDIS_URL;
    resetEnvCache();
  }
});
