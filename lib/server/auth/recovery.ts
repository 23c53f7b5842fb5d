import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZResetPassword } from "@/lib/contract/account";
import { phoneToE164 } from "@/lib/contract/common";
import type { Lang } from "@/lib/i18n/settings";
import type { Db, Executor } from "@/lib/server/db/client";
import { passwordResetTokens, users } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { AppError } from "@/lib/server/http/errors";
import { afterResponse } from "@/lib/server/http/after-response";
import { translate } from "@/lib/server/http/i18n";
import { newDeliveryRef, recordMessage } from "@/lib/server/notifications/outbox";
import { codeTemplate } from "@/lib/server/notifications/whatsapp";
import { spendWhatsappCode } from "@/lib/server/notifications/whatsapp-budget";
import { consume, consumeIfAllowed, LIMITS, perKnownIp } from "@/lib/server/rate-limit/limiter";
import { codeMatches, hashCode, MAX_CODE_ATTEMPTS, sha256 } from "@/lib/server/verification/one-time";
import { hashPassword } from "./password";
import { findActiveUserByEmail, findActiveUserByPhone, normaliseEmail } from "./users";

export const EMAIL_LINK_TTL_MS = 30 * 60 * 1000;
export const WHATSAPP_CODE_TTL_MS = 10 * 60 * 1000;

// The code stays INVALID_TOKEN (the contract's); the message says what the person holds: a code or a link.
const invalidToken = () => new AppError("INVALID_TOKEN", { key: "INVALID_LINK" });
const wrongCode = () => new AppError("INVALID_TOKEN", { key: "INVALID_CODE" });

/**
 * One send per minute and five per day to an e-mail or phone, whoever asks; the asking address only has a
 * ceiling (300 an hour, 1,000 a day), since many people may share it.
 */
async function limitSends(kind: "email" | "phone", recipient: string, ip: string) {
  await consumeIfAllowed([
    [LIMITS.recoveryPerMinute, `${kind}:${recipient}`],
    [LIMITS.recoveryPerDay, `${kind}:${recipient}`],
    ...perKnownIp(LIMITS.recoveryPerIpHour, ip),
    ...perKnownIp(LIMITS.recoveryPerIpDay, ip),
  ]);
}

async function retireOpenTokens(db: Executor, userId: number, channel: "email" | "whatsapp") {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.channel, channel), isNull(passwordResetTokens.usedAt)));
}

/**
 * E-mails a 30-minute reset link when the address belongs to a client; the caller answers 202 either
 * way. Only the limits run before the answer: looking the account up, creating the token and queueing
 * the message happen after it, so neither the answer nor its timing tells whether the account exists.
 */
export async function requestEmailReset(db: Db, email: string, ip: string, lng: Lang): Promise<void> {
  const address = normaliseEmail(email);
  await limitSends("email", address, ip);
  afterResponse(() => sendEmailReset(db, address, lng), "recovery:email");
}

async function sendEmailReset(db: Db, address: string, lng: Lang): Promise<void> {
  const user = await findActiveUserByEmail(db, address);
  if (!user || user.type !== "client" || !user.email) return;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + EMAIL_LINK_TTL_MS);
  const link = `${siteOrigin()}/redefinir-senha?token=${token}`;
  const t = (key: string) => translate(lng, "account", `messages.resetEmail.${key}`, { name: user.name, link, minutes: 30 });
  const { send } = await db.transaction(async (tx) => {
    await retireOpenTokens(tx, user.id, "email");
    await tx.insert(passwordResetTokens).values({ userId: user.id, channel: "email", tokenHash: sha256(token), expiresAt });
    return recordMessage(
      tx,
      {
        channel: "email",
        recipient: user.email!,
        subject: t("subject"),
        body: t("body"),
        payload: {
          html: `<p>${escapeHtml(t("greeting"))}</p><p>${escapeHtml(t("intro"))}</p><p><a href="${link}">${escapeHtml(t("action"))}</a></p><p>${escapeHtml(t("ignore"))}</p>`,
        },
        secretExpiresAt: expiresAt,
      },
      db,
    );
  });
  await send();
}

/** Sends a 10-minute 6-digit code by WhatsApp when the phone belongs to a client; 202 either way, the work after the answer. */
export async function requestWhatsappCode(db: Db, phone: string, ip: string, lng: Lang): Promise<string> {
  const e164 = phoneToE164(phone);
  if (!e164) throw new AppError("INVALID_TOKEN", { key: "INVALID_PHONE" });
  await limitSends("phone", e164, ip);
  // Spent whether or not the phone has an account: the answer must not tell.
  await spendWhatsappCode(e164);
  const deliveryRef = newDeliveryRef();
  afterResponse(() => sendWhatsappCode(db, e164, lng, deliveryRef), "recovery:whatsapp");
  return deliveryRef;
}

async function sendWhatsappCode(db: Db, e164: string, lng: Lang, deliveryRef: string): Promise<void> {
  const user = await findActiveUserByPhone(db, e164);
  if (!user || user.type !== "client") return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(Date.now() + WHATSAPP_CODE_TTL_MS);
  const body = translate(lng, "account", "messages.resetWhatsapp", { code, minutes: 10 });
  // Should WhatsApp not reach the phone (not on it, re-engagement, a failed status), the code goes by e-mail.
  const fallback = user.email
    ? {
        channel: "email" as const,
        recipient: user.email,
        subject: translate(lng, "account", "messages.resetCodeEmailSubject"),
        body,
        secretExpiresAt: expiresAt,
        kind: "recovery-code",
      }
    : undefined;
  // The code and its message exist together or not at all: a failed write leaves no live code behind.
  const { send } = await db.transaction(async (tx) => {
    await retireOpenTokens(tx, user.id, "whatsapp");
    await tx.insert(passwordResetTokens).values({ userId: user.id, channel: "whatsapp", tokenHash: hashCode(code), expiresAt });
    return recordMessage(
      tx,
      {
        channel: "whatsapp",
        recipient: e164,
        body,
        secretExpiresAt: expiresAt,
        kind: "recovery-code",
        payload: { whatsapp: codeTemplate(code, lng) },
        fallback,
        deliveryRef,
      },
      db,
    );
  });
  await send();
}

type ResetInput = z.output<typeof ZResetPassword>;

/** The open token row a reset refers to, counting a wrong code against the phone's current code. */
async function findResetToken(db: Executor, input: ResetInput) {
  const now = new Date();
  if (/^\d{6}$/.test(input.token)) {
    const e164 = input.phone ? phoneToE164(input.phone) : null;
    if (!e164) throw wrongCode();
    const user = await findActiveUserByPhone(db, e164);
    if (!user) throw wrongCode();
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          eq(passwordResetTokens.channel, "whatsapp"),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .orderBy(desc(passwordResetTokens.id))
      .limit(1);
    if (!row) throw wrongCode();
    // Claim a try before comparing: concurrent guesses each need their own of the five.
    const [claimed] = await db
      .update(passwordResetTokens)
      .set({ attempts: sql`${passwordResetTokens.attempts} + 1` })
      .where(and(eq(passwordResetTokens.id, row.id), lt(passwordResetTokens.attempts, MAX_CODE_ATTEMPTS), isNull(passwordResetTokens.usedAt)))
      .returning();
    if (!claimed) throw wrongCode();
    if (!codeMatches(claimed.tokenHash, input.token)) {
      // The fifth wrong try burns the code.
      if (claimed.attempts >= MAX_CODE_ATTEMPTS) {
        await db
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)));
      }
      throw wrongCode();
    }
    return claimed;
  }
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(input.token)),
        eq(passwordResetTokens.channel, "email"),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) throw invalidToken();
  return row;
}

/** Sets the new password, uses the token up and ends every session of the account. */
export async function resetPassword(db: Executor, input: ResetInput, ip: string): Promise<{ reset: true }> {
  await consume(perKnownIp(LIMITS.resetAttemptsPerIp, ip));
  const row = await findResetToken(db, input);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) throw invalidToken(); // used by a concurrent request
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await retireOpenTokens(tx, row.userId, "email");
    await retireOpenTokens(tx, row.userId, "whatsapp");
  });
  return { reset: true };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}
