import "server-only";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TAddress, ZAddressInput } from "@/lib/contract/account";
import type { Executor } from "@/lib/server/db/client";
import { addresses, places } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/http/errors";

type Row = typeof addresses.$inferSelect;
type Input = z.output<typeof ZAddressInput>;

export function toAddress(r: Row): TAddress {
  return {
    id: r.id,
    label: r.label,
    street: r.street,
    number: r.number,
    complement: r.complement,
    neighborhood: r.neighborhood,
    city: r.city,
    state: r.state,
    zip_code: r.zipCode,
    latitude: r.latitude,
    longitude: r.longitude,
    is_default: r.isDefault,
  };
}

/** Without coordinates, an address sits at its neighbourhood's (or city's) point when the site knows it. */
async function locate(db: Executor, input: Input): Promise<{ latitude: number | null; longitude: number | null }> {
  if (input.latitude != null && input.longitude != null) return { latitude: input.latitude, longitude: input.longitude };
  const city = input.city.trim().toLowerCase();
  const hood = input.neighborhood.trim().toLowerCase();
  const [place] = await db
    .select({ latitude: places.latitude, longitude: places.longitude })
    .from(places)
    .where(sql`lower(${places.city}) = ${city} and ((${places.kind} = 'neighborhood' and lower(${places.name}) = ${hood}) or ${places.kind} = 'city')`)
    .orderBy(sql`case when ${places.kind} = 'neighborhood' then 0 else 1 end`)
    .limit(1);
  return place ?? { latitude: null, longitude: null };
}

function values(input: Input) {
  return {
    label: input.label,
    street: input.street,
    number: input.number,
    complement: input.complement || null,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
  };
}

export async function listAddresses(db: Executor, userId: number, skip: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.id)).offset(skip).limit(limit),
    db.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId)),
  ]);
  return { items: rows.map(toAddress), total: Number(total), skip, limit };
}

/** Someone else's address is "not found", never "forbidden": its existence is not revealed. */
async function ownAddress(db: Executor, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getAddress(db: Executor, userId: number, id: number) {
  return { address: toAddress(await ownAddress(db, userId, id)) };
}

export async function createAddress(db: Executor, userId: number, input: Input) {
  const point = await locate(db, input);
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    // The first address is the default one until the client picks another.
    const isDefault = input.is_default ?? Number(n) === 0;
    const [row] = await tx
      .insert(addresses)
      .values({ ...values(input), ...point, userId, isDefault })
      .returning();
    if (isDefault)
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, row.id)));
    return { address: toAddress(row) };
  });
}

export async function updateAddress(db: Executor, userId: number, id: number, input: Input) {
  const current = await ownAddress(db, userId, id);
  const point = await locate(db, input);
  return db.transaction(async (tx) => {
    const isDefault = input.is_default ?? current.isDefault;
    const [row] = await tx
      .update(addresses)
      .set({ ...values(input), ...point, isDefault })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (isDefault)
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
    return { address: toAddress(row) };
  });
}

export async function deleteAddress(db: Executor, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (removed.length === 0) throw notFound();
}
