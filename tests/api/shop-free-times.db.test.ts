import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { GET as nextFreeTimes } from "@/app/v3/barbershop/[barbershop_id]/next-free-times/route";
import { ZAvailableTimes } from "@/lib/contract/booking";
import { ZNextFreeTimeList } from "@/lib/contract/search";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { barberServices, serviceBookings, services, shopAgenda } from "@/lib/server/db/schema";
import { featuredServiceOf, keepFreeDays } from "@/lib/server/shops/free-times-sql";
import { and, eq, ne } from "drizzle-orm";
import { useTestDb } from "@/lib/server/db/testing";
import { createBookableShop, createBarber, createService, createShop, expectError, insertAppointment, localDate, params, req } from "@/tests/factories/booking";

// The shop page's next free times (GET /v3/barbershop/{id}/next-free-times): the lists' own query for one shop,
// checked here against the booking's free times (another implementation of the same rules).
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const ask = (id: number) => nextFreeTimes(req(`/v3/barbershop/${id}/next-free-times`), params({ barbershop_id: String(id) }));
/** The booking's free times of a day, as "YYYY-MM-DD HH:MM", for a service with any barber. */
async function bookable(shopId: number, serviceId: number, day: string) {
  const t = ZAvailableTimes.parse(
    await (await availableTimes(req(`/v3/appointment/available-times?barbershop_id=${shopId}&services=${serviceId}&date=${day}`))).json(),
  );
  return [...t.morning, ...t.afternoon, ...t.night].map((h) => `${day} ${h}`);
}
const at = (day: string, hour: string) => fromWallClock(day, Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3)), "America/Sao_Paulo")!;

it("answers the first three times of today and tomorrow that the booking offers, for the shop's service (none booked yet: the shortest) and the barber free then", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const res = await ask(shop.id);
  expect(res.status).toBe(200);
  const { items } = ZNextFreeTimeList.parse(await res.json());
  const expected = [...(await bookable(shop.id, cut.id, localDate(0))), ...(await bookable(shop.id, cut.id, localDate(1)))].slice(0, 3);
  expect(items.map((f) => `${f.starts_at.slice(0, 10)} ${f.starts_at.slice(11, 16)}`)).toEqual(expected);
  expect(items.every((f) => f.service_id === cut.id && f.barber_id === barber.id && f.starts_at.endsWith("-03:00"))).toBe(true);
});

it("is for the shortest haircut rather than a shorter beard, as the shop page names it; a shop with no haircut gets its shortest service that is no touch-up", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const trim = await createService(db(), shop.id, { name: "Pezinho da barba", durationMinutes: 15, price: "15.00", category: "beard" }, [barber.id]);
  const { items } = ZNextFreeTimeList.parse(await (await ask(shop.id)).json());
  expect(items.length).toBe(3);
  expect(items.every((f) => f.service_id === cut.id)).toBe(true);
  expect(await featuredServiceOf(db(), shop.id)).toBe(cut.id);

  const beards = await createBookableShop(db());
  await db().update(services).set({ category: "beard" }).where(eq(services.barbershopId, beards.shop.id));
  const trimOnly = await createService(db(), beards.shop.id, { name: "Pezinho", durationMinutes: 15, price: "15.00", category: "beard" }, [beards.barber.id]);
  // A 15-minute trim stands for the shop only when it has nothing longer.
  expect(ZNextFreeTimeList.parse(await (await ask(beards.shop.id)).json()).items.every((f) => f.service_id === beards.cut.id)).toBe(true);
  expect(await featuredServiceOf(db(), beards.shop.id)).toBe(beards.cut.id);
  await db()
    .update(services)
    .set({ isOnline: false })
    .where(and(eq(services.barbershopId, beards.shop.id), ne(services.id, trimOnly.id)));
  expect(await featuredServiceOf(db(), beards.shop.id)).toBe(trimOnly.id);
  expect(trim.id).not.toBe(cut.id);
});

it("is for the haircut the shop's clients book most, not a 10-minute touch-up fewer book; the kept days follow", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const touchUp = await createService(db(), shop.id, { name: "Pezinho", durationMinutes: 10, price: "15.00", category: "hair" }, [barber.id]);
  // None booked: the haircut, not the touch-up, though it is shorter.
  expect(await featuredServiceOf(db(), shop.id)).toBe(cut.id);
  await keepFreeDays(db());
  expect(ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items.every((f) => f.service_id === cut.id)).toBe(true);
  const version = async () => (await db().select({ v: shopAgenda.version }).from(shopAgenda).where(eq(shopAgenda.barbershopId, shop.id)))[0]?.v ?? 0;
  // Two haircuts and one touch-up booked, the day after tomorrow (today's and tomorrow's times stay as they were).
  const later = localDate(2);
  await insertAppointment(db(), { shopId: shop.id, barberId: barber.id, serviceId: cut.id, clientId: null, startsAt: at(later, "10:00") });
  await insertAppointment(db(), { shopId: shop.id, barberId: barber.id, serviceId: cut.id, clientId: null, startsAt: at(later, "11:00") });
  const before = await version();
  await insertAppointment(db(), { shopId: shop.id, barberId: barber.id, serviceId: touchUp.id, clientId: null, startsAt: at(later, "12:00"), minutes: 10 });
  // The count raised the agenda version itself, so a day kept for the old service is not read for the new one.
  expect(await version()).toBeGreaterThan(before);
  const counts = await db().select().from(serviceBookings);
  expect(Object.fromEntries(counts.filter((c) => [cut.id, touchUp.id].includes(c.serviceId)).map((c) => [c.serviceId, c.count]))).toEqual({
    [cut.id]: 2,
    [touchUp.id]: 1,
  });
  expect(await featuredServiceOf(db(), shop.id)).toBe(cut.id);
  const expected = [...(await bookable(shop.id, cut.id, localDate(0))), ...(await bookable(shop.id, cut.id, localDate(1)))].slice(0, 3);
  const shown = (items: { starts_at: string }[]) => items.map((f) => `${f.starts_at.slice(0, 10)} ${f.starts_at.slice(11, 16)}`);
  // Computed (the kept days are stale), then kept again by the keeper: the haircut's times both ways.
  const computed = ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items;
  expect(computed.every((f) => f.service_id === cut.id)).toBe(true);
  expect(shown(computed)).toEqual(expected);
  expect(await keepFreeDays(db())).toBeGreaterThan(0);
  await insertAppointment(db(), { shopId: shop.id, barberId: barber.id, serviceId: cut.id, clientId: null, startsAt: at(later, "14:00") });
  await keepFreeDays(db());
  const kept = ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items;
  expect(kept.every((f) => f.service_id === cut.id)).toBe(true);
  expect(shown(kept)).toEqual(expected);
});

it("follows the shop's services as they change: its first service, a shorter haircut, one taken offline, one of another category", async () => {
  const shop = await createShop(db());
  const featured = async () => (await db().select({ f: shopAgenda.featured }).from(shopAgenda).where(eq(shopAgenda.barbershopId, shop.id)))[0]?.f ?? {};
  expect(await featuredServiceOf(db(), shop.id)).toBeNull();
  const barber = await createBarber(db(), shop.id);
  const beard = await createService(db(), shop.id, { name: "Barba", durationMinutes: 30, category: "beard" }, [barber.id]);
  // A shop with a beard only: its own service is the beard.
  expect(await featured()).toEqual({ "": beard.id, beard: beard.id });
  const cut = await createService(db(), shop.id, { name: "Corte", durationMinutes: 40, category: "hair" }, [barber.id]);
  expect(await featured()).toEqual({ "": cut.id, hair: cut.id, beard: beard.id });
  // A touch-up does not take the haircut's place; a shorter haircut does.
  const touchUp = await createService(db(), shop.id, { name: "Pezinho", durationMinutes: 10, category: "hair" }, [barber.id]);
  expect(await featuredServiceOf(db(), shop.id)).toBe(cut.id);
  const shorter = await createService(db(), shop.id, { name: "Corte social", durationMinutes: 30, category: "hair" }, [barber.id]);
  expect(await featuredServiceOf(db(), shop.id)).toBe(shorter.id);
  await db().update(services).set({ isOnline: false }).where(eq(services.id, shorter.id));
  await db().update(services).set({ isOnline: false }).where(eq(services.id, touchUp.id));
  expect(await featured()).toEqual({ "": cut.id, hair: cut.id, beard: beard.id });
  await db().update(services).set({ isActive: false }).where(eq(services.id, cut.id));
  expect(await featured()).toEqual({ "": beard.id, beard: beard.id });
  await db().delete(barberServices).where(eq(barberServices.serviceId, beard.id));
  await db().delete(services).where(eq(services.id, beard.id));
  expect(await featured()).toEqual({});
  expect(await featuredServiceOf(db(), shop.id)).toBeNull();
});

it("names no barber for a time two barbers have, and answers an empty list when today and tomorrow are booked", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const other = await createBarber(db(), shop.id);
  await db().insert(barberServices).values({ barberId: other.id, serviceId: cut.id });
  const both = ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items;
  expect(both.length).toBeGreaterThan(0);
  expect(both.every((f) => f.barber_id === null)).toBe(true);
  for (const b of [barber, other])
    for (const day of [localDate(0), localDate(1)])
      await insertAppointment(db(), { shopId: shop.id, barberId: b.id, serviceId: cut.id, clientId: null, startsAt: at(day, "09:00"), minutes: 540 });
  expect(ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items).toEqual([]);
});

it("is 404 for a shop that does not exist, and 400 for an id that is not one", async () => {
  await expectError(await ask(999_999), 404, "NOT_FOUND");
  expect((await nextFreeTimes(req("/v3/barbershop/abc/next-free-times"), params({ barbershop_id: "abc" }))).status).toBe(400);
});
