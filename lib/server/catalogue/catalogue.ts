import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { TProductInput, TServiceInput, TStaffProduct, TStaffService } from "@/lib/contract/catalogue";
import type { TConfirmQuery } from "@/lib/contract/team";
import type { Db, Executor, Tx } from "@/lib/server/db/client";
import { barberServices, barbers, barbershops, products, services } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { requireStaff, type StaffAccess } from "@/lib/server/staff/access";
import { recordChange } from "@/lib/server/staff/history";
import { refuseIfInTheWay, withServiceNotDone } from "@/lib/server/team/in-the-way";

// What a shop offers (docs/decisions/0049-team-invitations.md). Every write checks the member's permission again in
// its transaction, records the change there, and keeps the shop's price_from / price_to in step; the services and
// barber_services triggers raise the shop's page tags, so its page, city page and search follow.

type ServiceRow = typeof services.$inferSelect;

function toService(r: ServiceRow, barberIds: number[]): TStaffService {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    description_en: r.descriptionEn,
    description_es: r.descriptionEs,
    duration_minutes: r.durationMinutes,
    price: r.price,
    category: r.category,
    sort_order: r.sortOrder,
    is_online: r.isOnline,
    barber_ids: barberIds,
  };
}

async function servicesOf(db: Executor, shopId: number, serviceId?: number): Promise<TStaffService[]> {
  const rows = await db
    .select()
    .from(services)
    .where(and(eq(services.barbershopId, shopId), eq(services.isActive, true), serviceId === undefined ? undefined : eq(services.id, serviceId)))
    .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id));
  if (rows.length === 0) return [];
  const links = await db
    .select({ serviceId: barberServices.serviceId, barberId: barberServices.barberId })
    .from(barberServices)
    .where(
      inArray(
        barberServices.serviceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(barberServices.barberId));
  return rows.map((r) =>
    toService(
      r,
      links.filter((l) => l.serviceId === r.id).map((l) => l.barberId),
    ),
  );
}

/** The shop's lowest and highest price (a barber's own included), as its cards and the price filter read them. */
export async function syncPriceRange(tx: Executor, shopId: number): Promise<void> {
  await tx.execute(sql`update barbershops b set price_from = p.lo, price_to = p.hi
    from (select min(x.price) as lo, max(x.price) as hi from (
            select s.price from services s where s.barbershop_id = ${shopId} and s.is_active
            union all
            select bs.price from barber_services bs join services s on s.id = bs.service_id
             where s.barbershop_id = ${shopId} and s.is_active and bs.price is not null) x) p
    where b.id = ${shopId} and (b.price_from is distinct from p.lo or b.price_to is distinct from p.hi)`);
}

async function lockShop(tx: Tx, shopId: number) {
  await tx.select({ id: barbershops.id }).from(barbershops).where(eq(barbershops.id, shopId)).for("update");
}

/** The barbers of the shop among `ids`, or 403 when one is not. */
async function barbersOfShop(tx: Executor, shopId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: barbers.id })
    .from(barbers)
    .where(and(inArray(barbers.id, unique), eq(barbers.barbershopId, shopId)));
  if (found.length !== unique.length) throw new AppError("NOT_OF_SHOP", { key: "NOT_OF_SHOP_BARBER" });
  return unique.sort((a, b) => a - b);
}

async function serviceOfShop(tx: Executor, shopId: number, serviceId: number, forUpdate = false): Promise<TStaffService> {
  const q = tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.barbershopId, shopId), eq(services.isActive, true)));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw new AppError("NOT_OF_SHOP", { key: "SERVICE_NOT_OF_SHOP" });
  return (await servicesOf(tx, shopId, serviceId))[0];
}

const values = (input: TServiceInput) => ({
  name: input.name,
  description: input.description,
  descriptionEn: input.description_en || null,
  descriptionEs: input.description_es || null,
  durationMinutes: input.duration_minutes,
  price: input.price,
  category: input.category,
  sortOrder: input.sort_order,
  isOnline: input.is_online ?? true,
});

export async function listServices(db: Db, access: StaffAccess) {
  return { items: await servicesOf(db, access.shopId) };
}

export async function createService(db: Db, access: StaffAccess, input: TServiceInput) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "services.manage");
    await lockShop(tx, me.shopId);
    const barberIds = await barbersOfShop(tx, me.shopId, input.barber_ids);
    const [row] = await tx
      .insert(services)
      .values({ barbershopId: me.shopId, ...values(input) })
      .returning();
    if (barberIds.length > 0) await tx.insert(barberServices).values(barberIds.map((barberId) => ({ barberId, serviceId: row.id })));
    await syncPriceRange(tx, me.shopId);
    const [service] = await servicesOf(tx, me.shopId, row.id);
    await recordChange(tx, me, { action: "service.create", subject: "service", subjectId: row.id, before: null, after: service });
    return { service };
  });
}

/**
 * Changes a service. Barbers taken off it who have bookings of it to come are listed (409) unless kept; a barber's
 * own price and duration for it stay while he does it.
 */
export async function updateService(db: Db, access: StaffAccess, serviceId: number, input: TServiceInput, query: TConfirmQuery, now = new Date()) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "services.manage");
    await lockShop(tx, me.shopId);
    const before = await serviceOfShop(tx, me.shopId, serviceId, true);
    const barberIds = await barbersOfShop(tx, me.shopId, input.barber_ids);
    const dropped = before.barber_ids.filter((id) => !barberIds.includes(id));
    if (dropped.length > 0) {
      const inTheWay = await withServiceNotDone(
        tx,
        {
          shopId: me.shopId,
          notDone: sql`s.service_id = ${serviceId} and a.barber_id in (${sql.join(
            dropped.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        },
        now,
      );
      await refuseIfInTheWay(tx, inTheWay, query);
    }
    await tx.update(services).set(values(input)).where(eq(services.id, serviceId));
    if (dropped.length > 0) await tx.delete(barberServices).where(and(eq(barberServices.serviceId, serviceId), inArray(barberServices.barberId, dropped)));
    const added = barberIds.filter((id) => !before.barber_ids.includes(id));
    if (added.length > 0) await tx.insert(barberServices).values(added.map((barberId) => ({ barberId, serviceId })));
    await syncPriceRange(tx, me.shopId);
    const [service] = await servicesOf(tx, me.shopId, serviceId);
    await recordChange(tx, me, {
      action: "service.update",
      subject: "service",
      subjectId: serviceId,
      before,
      after: { ...service, kept: query.confirm === "keep" },
    });
    return { service };
  });
}

/** Takes a service off the menu (its bookings keep it): with bookings of it to come, 409 unless kept. */
export async function deleteService(db: Db, access: StaffAccess, serviceId: number, query: TConfirmQuery, now = new Date()) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "services.manage");
    await lockShop(tx, me.shopId);
    const before = await serviceOfShop(tx, me.shopId, serviceId, true);
    await refuseIfInTheWay(tx, await withServiceNotDone(tx, { shopId: me.shopId, notDone: sql`s.service_id = ${serviceId}` }, now), query);
    await tx.update(services).set({ isActive: false }).where(eq(services.id, serviceId));
    await tx.delete(barberServices).where(eq(barberServices.serviceId, serviceId));
    await syncPriceRange(tx, me.shopId);
    await recordChange(tx, me, { action: "service.delete", subject: "service", subjectId: serviceId, before, after: null });
    return { service: before };
  });
}

/** Which of the shop's services the barber keeps: a booking with another one is left with him (see the caller). */
export const servicesNotIn = (barberId: number, keep: number[]) =>
  keep.length === 0
    ? sql`a.barber_id = ${barberId}`
    : sql`a.barber_id = ${barberId} and s.service_id not in (${sql.join(
        keep.map((id) => sql`${id}`),
        sql`, `,
      )})`;

// ---- Products ----

const toProduct = (r: typeof products.$inferSelect): TStaffProduct => ({ id: r.id, name: r.name, price: r.price });

export async function listProducts(db: Db, access: StaffAccess) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.barbershopId, access.shopId), eq(products.isActive, true)))
    .orderBy(asc(products.name), asc(products.id));
  return { items: rows.map(toProduct) };
}

async function productOfShop(tx: Executor, shopId: number, productId: number) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.barbershopId, shopId), eq(products.isActive, true)))
    .for("update");
  if (!row) throw new AppError("NOT_OF_SHOP", { key: "PRODUCT_NOT_OF_SHOP" });
  return row;
}

export async function createProduct(db: Db, access: StaffAccess, input: TProductInput) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "services.manage");
    const [row] = await tx.insert(products).values({ barbershopId: me.shopId, name: input.name, price: input.price }).returning();
    await recordChange(tx, me, { action: "product.create", subject: "product", subjectId: row.id, before: null, after: toProduct(row) });
    return { product: toProduct(row) };
  });
}

export async function updateProduct(db: Db, access: StaffAccess, productId: number, input: TProductInput) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "services.manage");
    const before = await productOfShop(tx, me.shopId, productId);
    const [row] = await tx.update(products).set({ name: input.name, price: input.price }).where(eq(products.id, productId)).returning();
    await recordChange(tx, me, { action: "product.update", subject: "product", subjectId: productId, before: toProduct(before), after: toProduct(row) });
    return { product: toProduct(row) };
  });
}

export async function deleteProduct(db: Db, access: StaffAccess, productId: number) {
  return db.transaction(async (tx) => {
    const me = await requireStaff(tx, access.userId, access.shopId, "services.manage");
    const before = await productOfShop(tx, me.shopId, productId);
    await tx.update(products).set({ isActive: false }).where(eq(products.id, productId));
    await recordChange(tx, me, { action: "product.delete", subject: "product", subjectId: productId, before: toProduct(before), after: null });
    return { product: toProduct(before) };
  });
}
