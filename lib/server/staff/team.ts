import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { TSetStaffRoles, TStaffMember } from "@/lib/contract/staff";
import type { Db, Tx } from "@/lib/server/db/client";
import { barbers, barbershops, shopStaff, users } from "@/lib/server/db/schema";
import { AppError, pgConstraint, pgErrorCode } from "@/lib/server/http/errors";
import { barberOfShop, requireStaff, type StaffAccess, staffOfShop } from "./access";
import { recordChange } from "./history";
import { can, maskPhone, normaliseRoles } from "./permissions";

async function members(db: Db | Tx, access: StaffAccess, staffId?: number): Promise<TStaffMember[]> {
  const rows = await db
    .select({
      id: shopStaff.id,
      userId: shopStaff.userId,
      roles: shopStaff.roles,
      name: users.name,
      email: users.email,
      phone: users.phone,
      barberId: barbers.id,
      barberName: barbers.name,
    })
    .from(shopStaff)
    .innerJoin(users, eq(users.id, shopStaff.userId))
    .leftJoin(barbers, eq(barbers.id, shopStaff.barberId))
    .where(and(eq(shopStaff.barbershopId, access.shopId), staffId === undefined ? undefined : eq(shopStaff.id, staffId)))
    .orderBy(asc(users.name), asc(shopStaff.id));
  return rows.map((r) => {
    // A colleague's contact goes to the roles that call the team; a barber sees his own only.
    const seen = can(access.roles, "team.contact", { isOwn: r.id === access.staffId });
    return {
      staff_id: r.id,
      user_id: r.userId,
      name: r.name,
      email: seen ? r.email : null,
      phone: seen ? r.phone : maskPhone(r.phone),
      roles: normaliseRoles(r.roles),
      barber: r.barberId === null ? null : { id: r.barberId, name: r.barberName ?? "" },
    };
  });
}

/** The shop's team and their roles, contacts as the reader's roles allow. */
export async function listTeam(db: Db, access: StaffAccess): Promise<{ items: TStaffMember[] }> {
  return { items: await members(db, access) };
}

/**
 * Replaces a member's roles (an owner's call). The shop's row is locked first, so two owners demoting each other at
 * once cannot leave it with none; the caller's own place is read again under that lock.
 */
export async function setStaffRoles(db: Db, access: StaffAccess, staffId: number, input: TSetStaffRoles): Promise<{ member: TStaffMember }> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: barbershops.id }).from(barbershops).where(eq(barbershops.id, access.shopId)).for("update");
      const me = await requireStaff(tx, access.userId, access.shopId, "roles.manage");
      const member = await staffOfShop(tx, me, staffId);
      const roles = normaliseRoles(input.roles);
      let barberId: number | null = null;
      if (roles.includes("barber")) {
        barberId = input.barber_id ?? member.barberId;
        if (barberId === null) throw new AppError("BARBER_LINK_REQUIRED");
        await barberOfShop(tx, me, barberId);
        const [taken] = await tx
          .select({ id: shopStaff.id })
          .from(shopStaff)
          .where(and(eq(shopStaff.barberId, barberId), ne(shopStaff.id, member.id)))
          .limit(1);
        if (taken) throw new AppError("BARBER_ALREADY_LINKED");
      }
      if (member.roles.includes("owner") && !roles.includes("owner")) {
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(shopStaff)
          .where(and(eq(shopStaff.barbershopId, me.shopId), ne(shopStaff.id, member.id), sql`'owner' = any(${shopStaff.roles})`));
        if (others.n === 0) throw new AppError("LAST_OWNER");
      }
      await tx.update(shopStaff).set({ roles, barberId }).where(eq(shopStaff.id, member.id));
      await recordChange(tx, me, {
        action: "team.roles",
        subject: "staff",
        subjectId: member.id,
        before: { roles: member.roles, barber_id: member.barberId },
        after: { roles, barber_id: barberId },
      });
      const [updated] = await members(tx, me, member.id);
      return { member: updated };
    });
  } catch (err) {
    // Another request linked the same barber between the check and the write.
    if (pgErrorCode(err) === "23505" && pgConstraint(err) === "shop_staff_barber_key") throw new AppError("BARBER_ALREADY_LINKED");
    throw err;
  }
}
