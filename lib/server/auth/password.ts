import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { AppError } from "@/lib/server/http/errors";

// argon2id (the library's default algorithm) with OWASP's recommended cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Runs at most `max` jobs at once and queues up to `queue` more; beyond that it answers 503 at once.
 * Each argon2 call takes ~19 MB and a core for tens of milliseconds: a flood of sign-ins with random
 * identifiers must not take the server's memory and CPU with it.
 */
export function concurrencyLimit(max: number, queue: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (active >= max) {
      if (waiting.length >= queue) throw new AppError("SERVICE_UNAVAILABLE", { key: "DATABASE_UNAVAILABLE", headers: { "retry-after": "1" } });
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active++;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next in line, so `active` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

const argon2Slot = concurrencyLimit(4, 64);

export function hashPassword(password: string): Promise<string> {
  return argon2Slot(() => hash(password, OPTIONS));
}

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) return false;
  return argon2Slot(async () => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  });
}
