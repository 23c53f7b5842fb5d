import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import type { TShopCard } from "@/lib/contract/shops";
import type { Executor } from "@/lib/server/db/client";
import { barbershops, favorites } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/http/errors";
import { findShopCardsByIds } from "@/lib/server/shops/cards";

export type FavoritesQuery = { latitude?: number; longitude?: number; skip: number; limit: number };

/** My favourite shops as ShopCards, the latest first, with distances from the given point. */
export async function listFavorites(db: Executor, userId: number, q: FavoritesQuery) {
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
  return { items, total: Number(total), skip: q.skip, limit: q.limit };
}

async function assertShop(db: Executor, shopId: number, activeOnly: boolean) {
  const [shop] = await db
    .select({ id: barbershops.id, isActive: barbershops.isActive })
    .from(barbershops)
    .where(eq(barbershops.id, shopId))
    .limit(1);
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
