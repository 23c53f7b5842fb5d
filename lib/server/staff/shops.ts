import "server-only";
import { asc, eq } from "drizzle-orm";
import type { TMyStaffShops, TStaffShopAnswer } from "@/lib/contract/staff";
import type { Db } from "@/lib/server/db/client";
import { barbershops, shopStaff } from "@/lib/server/db/schema";
import type { StaffAccess } from "./access";
import { normaliseRoles, permissionsOf } from "./permissions";

/** The shops an account works at, with its roles at each (unpublished ones too: their staff run them). */
export async function listMyShops(db: Db, userId: number): Promise<TMyStaffShops> {
  const rows = await db
    .select({
      staffId: shopStaff.id,
      roles: shopStaff.roles,
      barberId: shopStaff.barberId,
      id: barbershops.id,
      name: barbershops.name,
      slug: barbershops.slug,
      city: barbershops.city,
      isActive: barbershops.isActive,
    })
    .from(shopStaff)
    .innerJoin(barbershops, eq(barbershops.id, shopStaff.barbershopId))
    .where(eq(shopStaff.userId, userId))
    .orderBy(asc(barbershops.name), asc(barbershops.id));
  return {
    items: rows.map((r) => ({
      shop: { id: r.id, name: r.name, slug: r.slug, city: r.city, is_active: r.isActive },
      staff_id: r.staffId,
      roles: normaliseRoles(r.roles),
      barber_id: r.barberId,
    })),
  };
}

/** The shop as its staff see it, with what this member may do there. */
export async function getStaffShop(db: Db, access: StaffAccess): Promise<TStaffShopAnswer> {
  const [shop] = await db.select().from(barbershops).where(eq(barbershops.id, access.shopId)).limit(1);
  return {
    shop: {
      id: shop.id,
      name: shop.name,
      slug: shop.slug,
      city: shop.city,
      is_active: shop.isActive,
      address: shop.address,
      neighborhood: shop.neighborhood,
      state: shop.state,
      phone: shop.phone,
      whatsapp: shop.whatsapp,
      timezone: shop.timezone,
    },
    me: { staff_id: access.staffId, roles: access.roles, barber_id: access.barberId, permissions: permissionsOf(access.roles) },
  };
}
