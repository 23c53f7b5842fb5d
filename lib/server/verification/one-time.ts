import "server-only";
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { oneTimeSecrets } from "@/lib/server/db/schema";

// One-time proofs of a contact: 6-digit codes (WhatsApp) and links (e-mail). Only hashes are stored;
// each is single use, expires, and a code allows MAX_CODE_ATTEMPTS comparisons, each claimed in
// the database before comparing, so concurrent guesses cannot compare more than that.

export type Purpose = "guest_phone" | "email_change" | "phone_change";
export type Secret = typeof oneTimeSecrets.$inferSelect;

export const CODE_TTL_MS = 10 * 60 * 1000;
export const LINK_TTL_MS = 60 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A code has only a million values: salted per row, so equal codes never collide on the unique hash. */
export function hashCode(code: string, salt = randomBytes(16).toString("hex")): string {
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

export function codeMatches(stored: string, code: string): boolean {
  const [salt] = stored.split(":");
  const expected = Buffer.from(hashCode(code, salt));
  const actual = Buffer.from(stored);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

type Issue = { purpose: Purpose; subject: string; userId?: number | null; value?: string | null };

/** A new proof retires the subject's open ones of the same purpose. */
async function insertSecret(db: Executor, issue: Issue, secretHash: string, ttlMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeSecrets)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeSecrets.purpose, issue.purpose), eq(oneTimeSecrets.subject, issue.subject), isNull(oneTimeSecrets.usedAt)));
    await tx.insert(oneTimeSecrets).values({
      purpose: issue.purpose,
      subject: issue.subject,
      userId: issue.userId ?? null,
      value: issue.value ?? null,
      secretHash,
      expiresAt: new Date(Date.now() + ttlMs),
    });
  });
}

/** A fresh 6-digit code, valid CODE_TTL_MS; the caller sends it. */
export async function issueCode(db: Executor, issue: Issue): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await insertSecret(db, issue, hashCode(code), CODE_TTL_MS);
  return code;
}

/** A fresh link token (32 random bytes), valid LINK_TTL_MS; the caller sends it. */
export async function issueLink(db: Executor, issue: Issue): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertSecret(db, issue, sha256(token), LINK_TTL_MS);
  return token;
}

/**
 * Uses up the subject's open code when `code` matches it. An attempt is claimed first with one
 * UPDATE … WHERE attempts < MAX … RETURNING: a guess that claims none is never compared.
 */
export async function redeemCode(db: Executor, purpose: Purpose, subject: string, code: string): Promise<Secret | null> {
  const now = new Date();
  const open = db
    .select({ id: oneTimeSecrets.id })
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.purpose, purpose), eq(oneTimeSecrets.subject, subject), isNull(oneTimeSecrets.usedAt), gt(oneTimeSecrets.expiresAt, now)))
    .orderBy(desc(oneTimeSecrets.id))
    .limit(1);
  const [claimed] = await db
    .update(oneTimeSecrets)
    .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
    .where(and(sql`${oneTimeSecrets.id} = (${open})`, lt(oneTimeSecrets.attempts, MAX_CODE_ATTEMPTS)))
    .returning();
  if (!claimed || !/^\d{6}$/.test(code) || !codeMatches(claimed.secretHash, code)) return null;
  return markUsed(db, claimed.id);
}

/** The open proof a link token stands for, without using it (a page shows it before the POST). */
export async function findLink(db: Executor, purpose: Purpose, token: string): Promise<Secret | null> {
  const [row] = await db
    .select()
    .from(oneTimeSecrets)
    .where(
      and(
        eq(oneTimeSecrets.secretHash, sha256(token)),
        eq(oneTimeSecrets.purpose, purpose),
        isNull(oneTimeSecrets.usedAt),
        gt(oneTimeSecrets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a link up; null when unknown, expired or already used (also by a concurrent request). */
export async function redeemLink(db: Executor, purpose: Purpose, token: string): Promise<Secret | null> {
  const row = await findLink(db, purpose, token);
  return row ? markUsed(db, row.id) : null;
}

async function markUsed(db: Executor, id: number): Promise<Secret | null> {
  const [used] = await db
    .update(oneTimeSecrets)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeSecrets.id, id), isNull(oneTimeSecrets.usedAt)))
    .returning();
  return used ?? null;
}

/** When the subject's latest open proof was issued (to avoid re-sending within a minute). */
export async function lastIssuedAt(db: Executor, purpose: Purpose, subject: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: oneTimeSecrets.createdAt })
    .from(oneTimeSecrets)
    .where(
      and(eq(oneTimeSecrets.purpose, purpose), eq(oneTimeSecrets.subject, subject), isNull(oneTimeSecrets.usedAt), gt(oneTimeSecrets.expiresAt, new Date())),
    )
    .orderBy(desc(oneTimeSecrets.id))
    .limit(1);
  return row?.createdAt ?? null;
}
