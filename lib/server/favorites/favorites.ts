import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { TShopCard } from "@/lib/contract/shops";
import type { Executor } from "@/lib/server/db/client";
import { barbershops, favorites } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/http/errors";
import { findShopCardsByIds } from "@/lib/server/shops/cards";
import { nextFreeTimesOf } from "@/lib/server/shops/free-times-sql";

export type FavoritesQuery = { latitude?: number; longitude?: number; free_times?: number; skip: number; limit: number };

/**
 * My favourite shops as ShopCards, the latest first, with distances from the given point and, when asked
 * (`free_times`), each one's next free times today and tomorrow: "when can my barber take me".
 */
export async function listFavorites(db: Executor, userId: number, q: FavoritesQuery, now = new Date()) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: favorites.barbershopId })
      .from(favorites)
      .innerJoin(barbershops, eq(barbershops.id, favorites.barbershopId))
      .where(and(eq(favorites.userId, userId), eq(barbershops.isActive, true)))
      .orderBy(desc(favorites.createdAt), desc(favorites.barbershopId))
      .offset(q.skip)
      .limit(q.limit),
    db
      .select({ total: count() })
      .from(favorites)
      .innerJoin(barbershops, eq(barbershops.id, favorites.barbershopId))
      .where(and(eq(favorites.userId, userId), eq(barbershops.isActive, true))),
  ]);
  const hasPoint = q.latitude !== undefined && q.longitude !== undefined;
  const items: TShopCard[] = await findShopCardsByIds(
    db,
    rows.map((r) => r.id),
    { latitude: hasPoint ? q.latitude : null, longitude: hasPoint ? q.longitude : null, clientId: userId },
  );
  if (!q.free_times || items.length === 0) return { items, total: Number(total), skip: q.skip, limit: q.limit };
  const times = await nextFreeTimesOf(
    db,
    items.map((c) => c.id),
    {},
    { now, limit: q.free_times },
  );
  return { items: items.map((c) => ({ ...c, next_free_times: times.get(c.id) ?? [] })), total: Number(total), skip: q.skip, limit: q.limit };
}

async function assertShop(db: Executor, shopId: number, activeOnly: boolean) {
  const [shop] = await db.select({ id: barbershops.id, isActive: barbershops.isActive }).from(barbershops).where(eq(barbershops.id, shopId)).limit(1);
  if (!shop || (activeOnly && !shop.isActive)) throw notFound("SHOP_NOT_FOUND");
}

/** Idempotent: favouriting twice leaves one favourite. */
export async function addFavorite(db: Executor, userId: number, shopId: number) {
  await assertShop(db, shopId, true);
  await db.insert(favorites).values({ userId, barbershopId: shopId }).onConflictDoNothing();
  return { barbershop_id: shopId, is_favorite: true };
}

export async function removeFavorite(db: Executor, userId: number, shopId: number) {
  await assertShop(db, shopId, false);
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.barbershopId, shopId)));
  return { barbershop_id: shopId, is_favorite: false };
}
