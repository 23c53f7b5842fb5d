import { eq, sql } from "drizzle-orm";
import { barbershops, reviews, services, shopHours } from "@/lib/server/db/schema";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { pageTagSync } from "@/lib/server/shops/page-cache-sync";
import { createBarber, createClient, createService, createShop, insertAppointment } from "@/tests/factories/booking";

// Cached pages (decision 0023) are dropped by tags that triggers raise in the changing transaction
// (migration 0013); each server polls them (page-cache-sync.ts). This checks which changes raise which
// tags, that a poll reports each change once, and that a change committed late is still reported.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

describe("page tags", () => {
  it("a review, the shop, its hours, team and services raise the shop's and its city's tags", async () => {
    const shop = await createShop(db(), { slug: "tags-shop", citySlug: "tags-city" });
    const other = await createShop(db(), { slug: "tags-other", citySlug: "tags-elsewhere" });
    const sync = pageTagSync(async () => db());
    expect(await sync.poll()).toEqual([]); // the first poll only finds where the versions stand
    expect(await sync.poll()).toEqual([]);

    const barber = await createBarber(db(), shop.id);
    expect((await sync.poll()).sort()).toEqual(["city:tags-city", "shop:tags-shop"]);
    const service = await createService(db(), shop.id, {}, [barber.id]);
    await db().insert(shopHours).values({ barbershopId: shop.id, weekday: 1, opens: "09:00", closes: "18:00" });
    expect((await sync.poll()).sort()).toEqual(["city:tags-city", "shop:tags-shop"]);
    expect(await sync.poll()).toEqual([]); // each change once

    const client = await createClient(db());
    const appointment = await insertAppointment(db(), {
      shopId: shop.id,
      barberId: barber.id,
      serviceId: service.id,
      clientId: client.user.id,
      startsAt: new Date(Date.now() - 86_400_000),
      status: "completed",
    });
    expect(await sync.poll()).toEqual([]); // a booking changes nothing these pages show
    await db().insert(reviews).values({
      appointmentId: appointment.id,
      barbershopId: shop.id,
      barberId: barber.id,
      clientId: client.user.id,
      clientName: "Ana",
      rating: 5,
      comment: "Ótimo",
    });
    expect((await sync.poll()).sort()).toEqual(["city:tags-city", "shop:tags-shop"]);

    await db().update(services).set({ price: "50.00" }).where(eq(services.id, service.id));
    expect((await sync.poll()).sort()).toEqual(["city:tags-city", "shop:tags-shop"]);
    // A shop that moves city: both cities' pages, and the old and the new address of its page.
    await db().update(barbershops).set({ slug: "tags-renamed", citySlug: "tags-elsewhere" }).where(eq(barbershops.id, shop.id));
    expect((await sync.poll()).sort()).toEqual(["city:tags-city", "city:tags-elsewhere", "shop:tags-renamed", "shop:tags-shop"]);
    await db().update(barbershops).set({ name: other.name }).where(eq(barbershops.id, other.id));
    expect(await sync.poll()).toEqual([]); // nothing changed: no tag
    await db().delete(barbershops).where(eq(barbershops.id, other.id));
    expect((await sync.poll()).sort()).toEqual(["city:tags-elsewhere", "shop:tags-other"]);
  });

  it("a statement that writes many rows raises each tag once (migration 0014), and an update of no row none", async () => {
    const shop = await createShop(db(), { slug: "bulk-shop", citySlug: "bulk-city" });
    const sync = pageTagSync(async () => db());
    await sync.poll();
    const version = async () => {
      const r = await db().execute(sql`select version::int8 as v from page_tags where tag = 'shop:bulk-shop'`);
      return Number((Array.isArray(r) ? r : (r as unknown as { rows: { v: number }[] }).rows)[0].v);
    };
    const before = await version();
    await db()
      .insert(shopHours)
      .values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "09:00", closes: "18:00" })));
    expect((await sync.poll()).sort()).toEqual(["city:bulk-city", "shop:bulk-shop"]);
    // Versions for the shop's tag and its city's from this statement, and again from the shop's own row
    // (hours update its open periods, migration 0004): 4, where a trigger per row took 18.
    expect((await version()) - before).toBe(4);
    await db().update(shopHours).set({ closes: "19:00" }).where(eq(shopHours.barbershopId, -1));
    expect(await sync.poll()).toEqual([]);
    await db().delete(shopHours).where(eq(shopHours.barbershopId, shop.id));
    expect((await sync.poll()).sort()).toEqual(["city:bulk-city", "shop:bulk-shop"]);
  });

  it("a change that took its version early and committed after a later one is still reported", async () => {
    const a = await createShop(db(), { slug: "late-a", citySlug: "late-city" });
    const b = await createShop(db(), { slug: "late-b", citySlug: "late-city-b" });
    const sync = pageTagSync(async () => db());
    await sync.poll();
    // As a slow transaction leaves it: a's change takes its version first, b's change a later one and
    // commits, a poll sees b; then a's change commits.
    const reserved = await db().execute(sql`select nextval('page_tag_version')::int8 as v`);
    const early = Number((Array.isArray(reserved) ? reserved : (reserved as unknown as { rows: { v: number }[] }).rows)[0].v);
    await db().update(barbershops).set({ name: "B 2" }).where(eq(barbershops.id, b.id));
    expect((await sync.poll()).sort()).toEqual(["city:late-city-b", "shop:late-b"]);
    await db().execute(sql`insert into page_tags (tag, version) values ('shop:late-a', ${early}) on conflict (tag) do update set version = excluded.version`);
    expect(await sync.poll()).toEqual(["shop:late-a"]);
    expect(a.id).toBeGreaterThan(0);
  });
});
