import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import type { TStaffHistory, TStaffHistoryQuery } from "@/lib/contract/staff";
import type { Db, Tx } from "@/lib/server/db/client";
import { staffChanges, users } from "@/lib/server/db/schema";
import type { StaffAccess } from "./access";

// Who changed what at a shop (docs/decisions/0045-staff-roles.md). Every staff write calls recordChange inside its
// own transaction, so a change and its record are saved together or not at all.

export type StaffChange = {
  /** What was done, as "<thing>.<verb>": "team.roles", "service.update", "hours.update", "shop.publish"… */
  action: string;
  /** What it was done to ("staff", "service", "shop"…) and its id. */
  subject: string;
  subjectId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Records one change by the member, inside the transaction that makes it. */
export async function recordChange(tx: Tx, access: StaffAccess, change: StaffChange): Promise<void> {
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, access.userId)).limit(1);
  await tx.insert(staffChanges).values({
    barbershopId: access.shopId,
    actorUserId: access.userId,
    actorName: actor?.name ?? "",
    actorRoles: access.roles,
    action: change.action,
    subject: change.subject,
    subjectId: change.subjectId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** The shop's changes, newest first, a page at a time (`before`: the last id of the page read). */
export async function listChanges(db: Db, access: StaffAccess, query: TStaffHistoryQuery): Promise<TStaffHistory> {
  const limit = query.limit ?? 50;
  const rows = await db
    .select()
    .from(staffChanges)
    .where(
      and(
        eq(staffChanges.barbershopId, access.shopId),
        query.before ? lt(staffChanges.id, query.before) : undefined,
        query.subject ? eq(staffChanges.subject, query.subject) : undefined,
        query.actor ? eq(staffChanges.actorUserId, query.actor) : undefined,
      ),
    )
    .orderBy(desc(staffChanges.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: { user_id: r.actorUserId, name: r.actorName, roles: r.actorRoles as TStaffHistory["items"][number]["actor"]["roles"] },
      action: r.action,
      subject: r.subject,
      subject_id: r.subjectId,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    next_before: rows.length > limit ? page.at(-1)!.id : null,
  };
}
