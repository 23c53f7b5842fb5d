import "server-only";
import { hkdfSync, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { type Executor, getDb } from "@/lib/server/db/client";
import { signingKeys } from "@/lib/server/db/schema";
import { env, parseJwtSecrets } from "@/lib/server/env";

// Sessions and guest manage links never share a key: a leak or a bug in one cannot forge the other.
export type KeyPurpose = "session" | "manage";
export type SigningKey = { kid: string; secret: Uint8Array };
type Ring = { current: SigningKey; byKid: Map<string, SigningKey>; loadedAt: number };

// Other servers pick up a new or retired row within this time; an unknown kid reloads sooner.
const RELOAD_MS = 60_000;
const UNKNOWN_KID_RELOAD_MS = 5_000;

const rings = new Map<KeyPurpose, Promise<Ring>>();

function ringOf(keys: SigningKey[]): Ring {
  return { current: keys[0], byKid: new Map(keys.map((k) => [k.kid, k])), loadedAt: Date.now() };
}

/** From JWT_SECRET: one key per purpose, derived with HKDF so the same secret never signs both. */
function ringFromEnv(raw: string, purpose: KeyPurpose): Ring {
  return ringOf(
    parseJwtSecrets(raw).map(({ kid, secret }) => ({
      kid,
      secret: new Uint8Array(hkdfSync("sha256", secret, "navalha-signing-key", purpose, 32)),
    })),
  );
}

/**
 * From the signing_keys table, creating the purpose's first key when it has none, under an advisory
 * lock, so concurrent first starts of several servers end up with one shared key.
 */
async function ringFromDb(purpose: KeyPurpose): Promise<Ring> {
  const db = await getDb();
  const active = (ex: Executor) =>
    ex
      .select()
      .from(signingKeys)
      .where(and(eq(signingKeys.purpose, purpose), isNull(signingKeys.retiredAt)))
      .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
  let rows = await active(db);
  if (rows.length === 0) {
    // One server at a time creates it: two servers that both saw no key would otherwise count 0 and 1
    // keys and insert two different ones, each signing with its own.
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724312)`);
      const existing = await active(tx);
      if (existing.length > 0) return existing;
      const [{ n }] = await tx.select({ n: count() }).from(signingKeys).where(eq(signingKeys.purpose, purpose));
      await tx
        .insert(signingKeys)
        .values({ kid: `${purpose}-${Number(n) + 1}`, purpose, secret: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      return active(tx);
    });
  }
  if (rows.length === 0) throw new Error(`No active ${purpose} signing key`);
  return ringOf(rows.map((r) => ({ kid: r.kid, secret: Buffer.from(r.secret, "base64url") })));
}

async function loadRing(purpose: KeyPurpose): Promise<Ring> {
  const raw = env().JWT_SECRET;
  return raw ? ringFromEnv(raw, purpose) : ringFromDb(purpose);
}

async function ring(purpose: KeyPurpose, maxAgeMs = RELOAD_MS): Promise<Ring> {
  const cached = rings.get(purpose);
  if (cached) {
    const r = await cached.catch(() => undefined);
    if (r && Date.now() - r.loadedAt < maxAgeMs) return r;
  }
  const next = loadRing(purpose);
  rings.set(purpose, next);
  next.catch(() => rings.delete(purpose));
  return next;
}

/** The key that signs now. */
export async function currentKey(purpose: KeyPurpose): Promise<SigningKey> {
  return (await ring(purpose)).current;
}

/** The key a token names, or undefined when it is unknown or retired. */
export async function keyById(purpose: KeyPurpose, kid: string): Promise<SigningKey | undefined> {
  const known = (await ring(purpose)).byKid.get(kid);
  if (known) return known;
  // Another server may have added it since this one loaded the ring.
  return (await ring(purpose, UNKNOWN_KID_RELOAD_MS)).byKid.get(kid);
}

/** Every key that still verifies, the current one first (re-deriving a manage link made before a rotation). */
export async function activeKeys(purpose: KeyPurpose): Promise<SigningKey[]> {
  const r = await ring(purpose);
  return [r.current, ...[...r.byKid.values()].filter((k) => k !== r.current)];
}

/** Tests switch databases and secrets between cases. */
export function forgetSigningKeys() {
  rings.clear();
}
