import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { phoneToE164 } from "@/lib/contract/common";
import type { TStaffRole } from "@/lib/contract/staff";
import { INVITATION_HOURS, type TCreateInvitation, type TInvitation, type TInvitationAccepted, type TInvitationPreview } from "@/lib/contract/team";
import type { Db, Executor } from "@/lib/server/db/client";
import { barbers, barbershops, shopClosures, shopStaff, staffInvitations, users } from "@/lib/server/db/schema";
import { siteOrigin } from "@/lib/server/env";
import { blockForClosure } from "@/lib/server/hours/hours";
import { AppError, notFound, pgConstraint, pgErrorCode, validationFailed } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import { enqueueMessages, type OutgoingMessage } from "@/lib/server/notifications/outbox";
import { WHATSAPP_LANG } from "@/lib/server/notifications/whatsapp";
import { requirePermission, requireStaff, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { normaliseRoles } from "@/lib/server/staff/permissions";
import { sha256 } from "@/lib/server/verification/one-time";
import { inLanguage, type Lang } from "@/lib/i18n/settings";

// Invitations to a shop's team (docs/decisions/0049-team-invitations.md): a single-use link that expires after
// INVITATION_HOURS, sent by WhatsApp (a utility template) or e-mail through the outbox in the transaction that writes
// it. Only the token's hash is kept. One open invitation per person and shop.

type Row = typeof staffInvitations.$inferSelect;

export function statusOf(row: Row, now = new Date()): TInvitation["status"] {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "pending";
}

const toInvitation = (row: Row, now = new Date()): TInvitation => ({
  id: row.id,
  name: row.name,
  roles: normaliseRoles(row.roles),
  channel: row.channel as TInvitation["channel"],
  recipient: row.recipient,
  status: statusOf(row, now),
  expires_at: row.expiresAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

/** The recipient as stored: an e-mail in lower case, a WhatsApp number in E.164; 400 when it is neither. */
export function normaliseRecipient(channel: TCreateInvitation["channel"], recipient: string, lang: Lang = "pt-BR"): string {
  if (channel === "email") {
    const email = recipient.trim().toLowerCase();
    if (!z.email().safeParse(email).success) throw validationFailed([{ path: "recipient", message: translate(lang, "errors", "validation.invalid_email") }]);
    return email;
  }
  const phone = recipient.trim().startsWith("+") && !recipient.trim().startsWith("+55") ? recipient.replace(/[^\d+]/g, "") : phoneToE164(recipient);
  if (!phone || !/^\+\d{8,15}$/.test(phone)) throw new AppError("INVALID_PHONE");
  return phone;
}

export async function listInvitations(db: Db, access: StaffAccess, now = new Date()) {
  const rows = await db.select().from(staffInvitations).where(eq(staffInvitations.barbershopId, access.shopId)).orderBy(desc(staffInvitations.id)).limit(100);
  return { items: rows.map((r) => toInvitation(r, now)) };
}

const roleNames = (lang: Lang, roles: TStaffRole[]) => roles.map((r) => translate(lang, "team", `roles.${r}`)).join(", ");

function invitationMessage(row: Row, shopName: string, inviter: string, link: string): OutgoingMessage {
  const lang = (row.language as Lang) ?? "pt-BR";
  const vars = { name: row.name, shop: shopName, inviter, roles: roleNames(lang, normaliseRoles(row.roles)), link, hours: INVITATION_HOURS };
  const t = (key: string) => translate(lang, "team", `messages.invitation.${key}`, vars);
  const common = {
    recipient: row.recipient,
    body: t("body"),
    secretExpiresAt: row.expiresAt,
    kind: "staff-invitation",
    dedupeKey: `staff-invitation:${row.id}:${row.channel}`,
  };
  if (row.channel === "whatsapp") {
    return {
      ...common,
      channel: "whatsapp",
      payload: { whatsapp: { name: "navalha_staff_invitation", language: WHATSAPP_LANG[lang], body: [row.name, shopName, vars.roles, link] } },
    };
  }
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const mjml = `<mjml lang="${lang}">
  <mj-head><mj-title>${esc(t("subject"))}</mj-title><mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text color="#F4F4F5" font-size="16px" line-height="1.5" /></mj-attributes></mj-head>
  <mj-body background-color="#0B0B0C" width="600px">
    <mj-section padding="24px 16px 8px"><mj-column><mj-text font-size="22px" font-weight="700" color="#E5B817">Navalha</mj-text></mj-column></mj-section>
    <mj-section background-color="#18181B" border-radius="12px" padding="16px"><mj-column>
      <mj-text font-size="22px" font-weight="700">${esc(t("heading"))}</mj-text>
      <mj-text>${esc(t("intro"))}</mj-text>
      <mj-button href="${esc(link)}" background-color="#E5B817" color="#111111" font-weight="700" font-size="16px" border-radius="8px" inner-padding="14px 24px" width="100%">${esc(t("action"))}</mj-button>
      <mj-text font-size="14px" color="#A1A1AA">${esc(t("expires"))}</mj-text>
    </mj-column></mj-section>
  </mj-body>
</mjml>`;
  return { ...common, channel: "email", subject: t("subject"), payload: { mjml } };
}

/**
 * Invites someone. The owner alone invites an owner. Refused when the person is on the team already (by the
 * account of that e-mail or phone) or has an open invitation; an expired one is closed first.
 */
export async function createInvitation(
  db: Db,
  access: StaffAccess,
  input: TCreateInvitation,
  lang: Lang,
  now = new Date(),
): Promise<{ invitation: TInvitation }> {
  const recipient = normaliseRecipient(input.channel, input.recipient, lang);
  const roles = normaliseRoles(input.roles);
  const token = randomBytes(32).toString("base64url");
  try {
    return await db.transaction(async (tx) => {
      const me = await requireStaff(tx, access.userId, access.shopId, "team.manage");
      if (roles.includes("owner")) {
        try {
          requirePermission(me, "roles.manage");
        } catch {
          throw new AppError("STAFF_PERMISSION", { key: "INVITE_OWNER" });
        }
      }
      const [shop] = await tx.select({ name: barbershops.name }).from(barbershops).where(eq(barbershops.id, me.shopId));
      const [onTeam] = await tx
        .select({ id: shopStaff.id })
        .from(shopStaff)
        .innerJoin(users, eq(users.id, shopStaff.userId))
        .where(and(eq(shopStaff.barbershopId, me.shopId), input.channel === "email" ? sql`lower(${users.email}) = ${recipient}` : eq(users.phone, recipient)))
        .limit(1);
      if (onTeam) throw new AppError("ALREADY_ON_TEAM");
      await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(staffInvitations.barbershopId, me.shopId),
            eq(staffInvitations.recipient, recipient),
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
            lte(staffInvitations.expiresAt, now),
          ),
        );
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          barbershopId: me.shopId,
          tokenHash: sha256(token),
          roles,
          name: input.name,
          channel: input.channel,
          recipient,
          language: lang,
          invitedBy: me.userId,
          expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000),
          createdAt: now,
        })
        .returning();
      const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, me.userId));
      const link = inLanguage(`${siteOrigin()}/convite/${token}`, lang);
      await enqueueMessages(tx, [invitationMessage(row, shop.name, inviter?.name ?? "", link)], now);
      const invitation = toInvitation(row, now);
      await recordChange(tx, me, { action: "invitation.create", subject: "invitation", subjectId: row.id, before: null, after: invitation });
      return { invitation };
    });
  } catch (err) {
    if (pgErrorCode(err) === "23505" && pgConstraint(err) === "staff_invitations_open_key") throw new AppError("INVITATION_PENDING");
    throw err;
  }
}

export async function revokeInvitation(db: Db, access: StaffAccess, invitationId: number, now = new Date()): Promise<{ invitation: TInvitation }> {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "team.manage");
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(and(eq(staffInvitations.id, invitationId), eq(staffInvitations.barbershopId, me.shopId)))
      .for("update");
    if (!row) throw new AppError("NOT_OF_SHOP", { key: "INVITATION_NOT_OF_SHOP" });
    if (row.acceptedAt) throw new AppError("INVITATION_USED");
    if (row.revokedAt) return { invitation: toInvitation(row, now) };
    const [updated] = await tx.update(staffInvitations).set({ revokedAt: now }).where(eq(staffInvitations.id, row.id)).returning();
    await recordChange(tx, me, {
      action: "invitation.revoke",
      subject: "invitation",
      subjectId: row.id,
      before: toInvitation(row, now),
      after: toInvitation(updated, now),
    });
    return { invitation: toInvitation(updated, now) };
  });
}

async function byToken(db: Executor, token: string, forUpdate = false): Promise<Row> {
  const q = db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, sha256(token)));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("INVITATION_NOT_FOUND");
  return row;
}

/** What the link offers, for the page that accepts it (no secret in the answer). */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<TInvitationPreview> {
  const row = await byToken(db, token);
  const [shop] = await db
    .select({ id: barbershops.id, name: barbershops.name, city: barbershops.city })
    .from(barbershops)
    .where(eq(barbershops.id, row.barbershopId));
  return {
    shop,
    name: row.name,
    roles: normaliseRoles(row.roles),
    channel: row.channel as TInvitationPreview["channel"],
    status: statusOf(row, now),
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * Accepts with the signed-in account: its place on the team and, for a barber, his barbers row (named as the account,
 * blocked on the shop's closures to come) are written with the invitation's use, in one transaction.
 */
export async function acceptInvitation(db: Db, user: { id: number; name: string }, token: string, now = new Date()): Promise<TInvitationAccepted> {
  try {
    return await db.transaction(async (tx) => {
      const row = await byToken(tx, token, true);
      const status = statusOf(row, now);
      if (status === "accepted") throw new AppError("INVITATION_USED");
      if (status === "revoked") throw new AppError("INVITATION_REVOKED");
      if (status === "expired") throw new AppError("INVITATION_EXPIRED");
      const [shop] = await tx
        .select({ id: barbershops.id, timezone: barbershops.timezone })
        .from(barbershops)
        .where(eq(barbershops.id, row.barbershopId))
        .for("update");
      const [already] = await tx
        .select({ id: shopStaff.id })
        .from(shopStaff)
        .where(and(eq(shopStaff.barbershopId, shop.id), eq(shopStaff.userId, user.id)))
        .limit(1);
      if (already) throw new AppError("ALREADY_ON_TEAM");
      const roles = normaliseRoles(row.roles);
      let barberId: number | null = null;
      if (roles.includes("barber")) {
        const [barber] = await tx.insert(barbers).values({ barbershopId: shop.id, userId: user.id, name: user.name }).returning({ id: barbers.id });
        barberId = barber.id;
        const closures = await tx
          .select()
          .from(shopClosures)
          .where(and(eq(shopClosures.barbershopId, shop.id), sql`${shopClosures.endsOn} >= ${now.toISOString().slice(0, 10)}`));
        for (const c of closures) await blockForClosure(tx, c, shop.timezone, [barber.id]);
      }
      const [member] = await tx.insert(shopStaff).values({ barbershopId: shop.id, userId: user.id, roles, barberId }).returning();
      await tx.update(staffInvitations).set({ acceptedAt: now, acceptedBy: user.id }).where(eq(staffInvitations.id, row.id));
      const me: StaffAccess = { staffId: member.id, userId: user.id, shopId: shop.id, roles, barberId };
      await recordChange(tx, me, {
        action: "team.join",
        subject: "staff",
        subjectId: member.id,
        before: null,
        after: { roles, barber_id: barberId, invitation_id: row.id },
      });
      return { shop_id: shop.id, staff_id: member.id, roles, barber_id: barberId };
    });
  } catch (err) {
    // The same account accepting two links of one shop at once.
    if (pgErrorCode(err) === "23505" && pgConstraint(err) === "shop_staff_shop_user_key") throw new AppError("ALREADY_ON_TEAM");
    throw err;
  }
}
