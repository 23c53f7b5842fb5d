import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { GET as nextFreeTimes } from "@/app/v3/barbershop/[barbershop_id]/next-free-times/route";
import { GET as shopServices } from "@/app/v3/barbershop/services/[barbershop_id]/route";
import { freeTimesService } from "@/components/shop/format";
import { ZAvailableTimes } from "@/lib/contract/booking";
import { ZNextFreeTimeList, ZServiceList } from "@/lib/contract/search";
import { fromWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { barberServices, services } from "@/lib/server/db/schema";
import { eq } from "drizzle-orm";
import { useTestDb } from "@/lib/server/db/testing";
import { createBookableShop, createBarber, createService, expectError, insertAppointment, localDate, params, req } from "@/tests/factories/booking";

// The shop page's next free times (GET /v3/barbershop/{id}/next-free-times): the lists' own query for one shop,
// checked here against the booking's free times (another implementation of the same rules).
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const ask = (id: number) => nextFreeTimes(req(`/v3/barbershop/${id}/next-free-times`), params({ barbershop_id: String(id) }));
/** The booking's free times of a day, as "YYYY-MM-DD HH:MM", for a service with any barber. */
async function bookable(shopId: number, serviceId: number, day: string) {
  const t = ZAvailableTimes.parse(await (await availableTimes(req(`/v3/appointment/available-times?barbershop_id=${shopId}&services=${serviceId}&date=${day}`))).json());
  return [...t.morning, ...t.afternoon, ...t.night].map((h) => `${day} ${h}`);
}
const at = (day: string, hour: string) => fromWallClock(day, Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3)), "America/Sao_Paulo")!;

it("answers the first three times of today and tomorrow that the booking offers, for the shop's shortest service and the barber free then", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const res = await ask(shop.id);
  expect(res.status).toBe(200);
  const { items } = ZNextFreeTimeList.parse(await res.json());
  const expected = [...(await bookable(shop.id, cut.id, localDate(0))), ...(await bookable(shop.id, cut.id, localDate(1)))].slice(0, 3);
  expect(items.map((f) => `${f.starts_at.slice(0, 10)} ${f.starts_at.slice(11, 16)}`)).toEqual(expected);
  expect(items.every((f) => f.service_id === cut.id && f.barber_id === barber.id && f.starts_at.endsWith("-03:00"))).toBe(true);
});

it("is for the shortest haircut rather than a shorter beard, as the shop page names it; a shop with no haircut gets its shortest service", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const trim = await createService(db(), shop.id, { name: "Pezinho da barba", durationMinutes: 15, price: "15.00", category: "beard" }, [barber.id]);
  const { items } = ZNextFreeTimeList.parse(await (await ask(shop.id)).json());
  expect(items.length).toBe(3);
  expect(items.every((f) => f.service_id === cut.id)).toBe(true);
  const online = ZServiceList.parse(await (await shopServices(req(`/v3/barbershop/services/${shop.id}`), params({ barbershop_id: String(shop.id) }))).json()).items;
  expect(freeTimesService(online)?.id).toBe(cut.id);

  const beards = await createBookableShop(db());
  await db().update(services).set({ category: "beard" }).where(eq(services.barbershopId, beards.shop.id));
  const trimOnly = await createService(db(), beards.shop.id, { name: "Pezinho", durationMinutes: 15, price: "15.00", category: "beard" }, [beards.barber.id]);
  expect(ZNextFreeTimeList.parse(await (await ask(beards.shop.id)).json()).items.every((f) => f.service_id === trimOnly.id)).toBe(true);
  const theirs = ZServiceList.parse(await (await shopServices(req(`/v3/barbershop/services/${beards.shop.id}`), params({ barbershop_id: String(beards.shop.id) }))).json()).items;
  expect(freeTimesService(theirs)?.id).toBe(trimOnly.id);
  expect(trim.id).not.toBe(cut.id);
});

it("names no barber for a time two barbers have, and answers an empty list when today and tomorrow are booked", async () => {
  const { shop, barber, cut } = await createBookableShop(db());
  const other = await createBarber(db(), shop.id);
  await db().insert(barberServices).values({ barberId: other.id, serviceId: cut.id });
  const both = ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items;
  expect(both.length).toBeGreaterThan(0);
  expect(both.every((f) => f.barber_id === null)).toBe(true);
  for (const b of [barber, other])
    for (const day of [localDate(0), localDate(1)]) await insertAppointment(db(), { shopId: shop.id, barberId: b.id, serviceId: cut.id, clientId: null, startsAt: at(day, "09:00"), minutes: 540 });
  expect(ZNextFreeTimeList.parse(await (await ask(shop.id)).json()).items).toEqual([]);
});

it("is 404 for a shop that does not exist, and 400 for an id that is not one", async () => {
  await expectError(await ask(999_999), 404, "NOT_FOUND");
  expect((await nextFreeTimes(req("/v3/barbershop/abc/next-free-times"), params({ barbershop_id: "abc" }))).status).toBe(400);
});
