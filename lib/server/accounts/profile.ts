import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TConfirmationSent, TEmailChangePreview, TUpdateEmail, TUserDataAnswer, ZChangePassword, ZUpdateUserData } from "@/lib/contract/account";
import { formatPhoneBr, phoneToE164 } from "@/lib/contract/common";
import type { TUser } from "@/lib/contract/users";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { authAnswer, findActiveUserByEmail, findActiveUserByPhone, normaliseEmail, toUser, uniqueViolation, type UserRow } from "@/lib/server/auth/users";
import type { Db, Executor } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { AppError, forbidden } from "@/lib/server/http/errors";
import type { Lang } from "@/lib/i18n/settings";
import { translate } from "@/lib/server/http/i18n";
import { newDeliveryRef, queueMessage, recordMessage } from "@/lib/server/notifications/outbox";
import { codeTemplate, WHATSAPP_LANG } from "@/lib/server/notifications/whatsapp";
import { spendWhatsappCode } from "@/lib/server/notifications/whatsapp-budget";
import { assertNotLimited, consume, forget, type LimitRule, LIMITS, penalize } from "@/lib/server/rate-limit/limiter";
import { CODE_TTL_MS, findLink, issueCode, issueLink, LINK_TTL_MS, redeemCode, redeemLink } from "@/lib/server/verification/one-time";

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

const CONTACT_CHANGE_SENDS: LimitRule = { name: "contact_change_user", points: 5, durationSeconds: 60 * 60 };
const subjectOf = (me: UserRow) => `user:${me.id}`;

/** Name and birth date change at once; a new phone needs the password and waits for its code. */
export async function updateUserData(db: Db, me: UserRow, input: z.output<typeof ZUpdateUserData>, lng: Lang): Promise<TUserDataAnswer> {
  const phone = phoneToE164(input.phone);
  const newPhone = phone && phone !== me.phone ? phone : null;
  if (newPhone) {
    if (!input.current_password) throw new AppError("PASSWORD_REQUIRED");
    await assertPassword(me, input.current_password);
    const holder = await findActiveUserByPhone(db, newPhone);
    if (holder && holder.id !== me.id) throw new AppError("PHONE_IN_USE");
    await consume([[CONTACT_CHANGE_SENDS, subjectOf(me)]]);
    await spendWhatsappCode(newPhone);
  }
  const row = await updateUser(db, me.id, {
    name: input.name.trim(),
    ...(input.birth_date !== undefined ? { birthDate: input.birth_date } : {}),
  });
  if (!newPhone) return { user: toUser(row) };
  // The code proves the new phone, so it goes there only (no e-mail fallback), in the authentication
  // template, written with its message in one transaction.
  const deliveryRef = newDeliveryRef();
  const { send } = await db.transaction(async (tx) => {
    const code = await issueCode(tx, { purpose: "phone_change", subject: subjectOf(me), userId: me.id, value: newPhone });
    const body = translate(lng, "account", "messages.phoneCode", { code, minutes: CODE_TTL_MS / 60_000 });
    return recordMessage(
      tx,
      {
        channel: "whatsapp",
        recipient: newPhone,
        body,
        kind: "phone-change-code",
        payload: { whatsapp: codeTemplate(code, lng) },
        secretExpiresAt: new Date(Date.now() + CODE_TTL_MS),
        deliveryRef,
      },
      db,
    );
  });
  void send();
  return { user: toUser(row), pending_phone: newPhone, delivery_id: deliveryRef };
}

/** The code sent to the new phone applies it; the old phone (and the e-mail) are told. */
export async function confirmPhoneChange(db: Executor, me: UserRow, code: string, lng: Lang): Promise<{ user: TUser }> {
  const secret = await redeemCode(db, "phone_change", subjectOf(me), code);
  if (!secret?.value) throw new AppError("INVALID_CODE");
  // The code proved the phone (decision 0043).
  const row = await updateUser(db, me.id, { phone: secret.value, phoneProvedAt: new Date() });
  const vars = { name: me.name, phone: formatPhoneBr(secret.value) };
  if (me.phone && me.phone !== row.phone) {
    // A utility template: the old phone is told even when its 24-hour window is closed (docs/whatsapp-templates.md).
    await queueMessage(db, {
      channel: "whatsapp",
      recipient: me.phone,
      body: translate(lng, "account", "messages.phoneChanged.whatsapp", vars),
      kind: "phone-changed",
      payload: { whatsapp: { name: "navalha_account_phone_changed", language: WHATSAPP_LANG[lng], body: [vars.phone] } },
    });
  }
  if (me.email) {
    const t = (key: string) => translate(lng, "account", `messages.phoneChanged.${key}`, vars);
    await queueMessage(db, { channel: "email", recipient: me.email, subject: t("subject"), body: t("body") });
  }
  return { user: toUser(row) };
}

/** A new e-mail changes where recovery links go: it needs the password and the new address's own confirmation. */
export async function requestEmailChange(db: Executor, me: UserRow, input: TUpdateEmail, lng: Lang): Promise<TConfirmationSent> {
  await assertPassword(me, input.current_password);
  const email = normaliseEmail(input.email);
  if (me.email && normaliseEmail(me.email) === email) throw new AppError("EMAIL_UNCHANGED");
  const holder = await findActiveUserByEmail(db, email);
  if (holder && holder.id !== me.id) throw new AppError("EMAIL_IN_USE");
  await consume([[CONTACT_CHANGE_SENDS, subjectOf(me)]]);
  const token = await issueLink(db, { purpose: "email_change", subject: subjectOf(me), userId: me.id, value: email });
  const link = `${siteOrigin()}/perfil/confirmar-email?token=${token}`;
  const t = (key: string) => translate(lng, "account", `messages.confirmEmail.${key}`, { name: me.name, link, minutes: LINK_TTL_MS / 60_000 });
  await queueMessage(db, { channel: "email", recipient: email, subject: t("subject"), body: t("body"), secretExpiresAt: new Date(Date.now() + LINK_TTL_MS) });
  return { sent_to: email };
}

async function openEmailChange(db: Executor, token: string) {
  const secret = await findLink(db, "email_change", token);
  if (!secret?.value || !secret.userId) throw new AppError("INVALID_TOKEN", { key: "INVALID_LINK" });
  return secret;
}

/** What a link would do, for the page that asks before applying (link scanners only GET). */
export async function previewEmailChange(db: Executor, token: string): Promise<TEmailChangePreview> {
  return { email: (await openEmailChange(db, token)).value! };
}

/** Applies the e-mail of a confirmation link, once; the previous address (or the phone) is told. */
export async function confirmEmailChange(db: Db, token: string, lng: Lang): Promise<{ user: TUser }> {
  const { me, row } = await db.transaction(async (tx) => {
    const secret = await redeemLink(tx, "email_change", token);
    if (!secret?.value || !secret.userId) throw new AppError("INVALID_TOKEN", { key: "INVALID_LINK" });
    const [me] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, secret.userId), isNull(users.deletedAt)))
      .limit(1);
    if (!me) throw new AppError("INVALID_TOKEN", { key: "INVALID_LINK" });
    // The link proved the address (decision 0043).
    return { me, row: await updateUser(tx, me.id, { email: secret.value, emailProvedAt: new Date() }) };
  });
  const vars = { name: me.name, email: row.email };
  if (me.email && me.email !== row.email) {
    const t = (key: string) => translate(lng, "account", `messages.emailChanged.${key}`, vars);
    await queueMessage(db, { channel: "email", recipient: me.email, subject: t("subject"), body: t("body") });
  } else if (!me.email && me.phone) {
    await queueMessage(db, {
      channel: "whatsapp",
      recipient: me.phone,
      body: translate(lng, "account", "messages.emailAdded", vars),
      kind: "email-added",
      payload: { whatsapp: { name: "navalha_account_email_added", language: WHATSAPP_LANG[lng], body: [row.email ?? ""] } },
    });
  }
  return { user: toUser(row) };
}

/**
 * Checks the account's password for a sensitive change; wrong guesses count like failed logins. The attempt is
 * claimed (counted as a failure) before the comparison, in one atomic step of the store, as a WhatsApp code's
 * attempts are: parallel guesses cannot all pass a check made before any of them was counted. A right password
 * forgets the count.
 */
export async function assertPassword(me: UserRow, password: string): Promise<void> {
  const key = `user:${me.id}`;
  await consume([[LIMITS.loginFailuresPerIdentifier, key]]);
  if (!(await verifyPassword(me.passwordHash, password))) throw new AppError("WRONG_PASSWORD");
  await forget(LIMITS.loginFailuresPerIdentifier, key);
}

/** A new password ends every other session (token version) and hands this one a fresh token. */
export async function changePassword(db: Executor, me: UserRow, input: z.output<typeof ZChangePassword>) {
  await assertPassword(me, input.current_password);
  const row = await updateUser(db, me.id, { passwordHash: await hashPassword(input.password), tokenVersion: sql`${users.tokenVersion} + 1` as never });
  return authAnswer(row);
}
