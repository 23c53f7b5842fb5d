import { and, eq, ne } from "drizzle-orm";
import { GET as availableDays } from "@/app/v3/appointment/available-days/route";
import { GET as availableTimes } from "@/app/v3/appointment/available-times/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { appointments } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { createBarber, createClient, createService, createShop, insertAppointment, localDate, openEveryDay, req } from "@/tests/factories/booking";
import { fromWallClock } from "@/lib/server/availability/zoned-time";

// "Any barber": barber_id left out of the free times and of the booking calls.
const testDb = useTestDb();
const db = () => testDb.current().handle.db;
const day = localDate(6);

async function shopWithBarbers(n: number) {
  const shop = await createShop(db());
  await openEveryDay(db(), shop.id);
  const barbers = [];
  for (let i = 0; i < n; i++) barbers.push(await createBarber(db(), shop.id, { name: `Barbeiro ${i + 1}` }));
  const cut = await createService(
    db(),
    shop.id,
    { name: "Corte", price: "45.00", durationMinutes: 30 },
    barbers.map((b) => b.id),
  );
  return { shop, barbers, cut };
}

const book = (token: string, body: Record<string, unknown>) => newAppointment(req("/v3/appointments/new-appointment", { method: "POST", body, token }));
const live = (shopId: number) =>
  db()
    .select()
    .from(appointments)
    .where(and(eq(appointments.barbershopId, shopId), ne(appointments.status, "cancelled")));
const at = (hour: string) => fromWallClock(day, Number(hour.slice(0, 2)) * 60 + Number(hour.slice(3)), "America/Sao_Paulo")!;

it("two concurrent 'any barber' bookings of one time both succeed when two barbers are free, each with another barber", async () => {
  const { shop, barbers, cut } = await shopWithBarbers(2);
  const [a, b] = await Promise.all([createClient(db()), createClient(db())]);
  const body = { barbershop_id: shop.id, services: [cut.id], date: day, start_hour: "10:00" };
  const responses = await Promise.all([book(a.token, body), book(b.token, body)]);
  expect(responses.map((r) => r.status)).toEqual([201, 201]);
  const chosen = await Promise.all(responses.map(async (r) => (await r.json()).appointment.barber.id));
  expect(new Set(chosen)).toEqual(new Set(barbers.map((x) => x.id)));
  expect(await live(shop.id)).toHaveLength(2);
}, 60_000);

it("with one barber free, exactly one of several concurrent 'any barber' bookings succeeds", async () => {
  const { shop, barbers, cut } = await shopWithBarbers(2);
  // The second barber is busy at 10:00.
  await insertAppointment(db(), { shopId: shop.id, barberId: barbers[1].id, serviceId: cut.id, clientId: null, startsAt: at("10:00") });
  const clients = await Promise.all(Array.from({ length: 6 }, () => createClient(db())));
  const body = { barbershop_id: shop.id, services: [cut.id], date: day, start_hour: "10:00" };
  const responses = await Promise.all(clients.map((c) => book(c.token, body)));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(5);
  for (const r of responses.filter((x) => x.status === 409)) expect((await r.json()).code).toBe("SLOT_TAKEN");
  const ok = await responses.find((r) => r.status === 201)!.json();
  expect(ok.appointment.barber.id).toBe(barbers[0].id);
}, 60_000);

it("picks the barber with the fewest bookings that day, ties by the lowest id, and never one who lacks a service", async () => {
  const { shop, barbers, cut } = await shopWithBarbers(3);
  // Barber 1 has two bookings that day, barber 2 one, barber 3 none but does not do the beard.
  for (const hour of ["14:00", "15:00"])
    await insertAppointment(db(), { shopId: shop.id, barberId: barbers[0].id, serviceId: cut.id, clientId: null, startsAt: at(hour) });
  await insertAppointment(db(), { shopId: shop.id, barberId: barbers[1].id, serviceId: cut.id, clientId: null, startsAt: at("16:00") });
  const beard = await createService(db(), shop.id, { name: "Barba", price: "30.00", durationMinutes: 30 }, [barbers[0].id, barbers[1].id]);

  const c = await createClient(db());
  const cutOnly = await book(c.token, { barbershop_id: shop.id, services: [cut.id], date: day, start_hour: "09:00" });
  expect(cutOnly.status).toBe(201);
  expect((await cutOnly.json()).appointment.barber.id).toBe(barbers[2].id);

  const d = await createClient(db());
  const withBeard = await book(d.token, { barbershop_id: shop.id, services: [cut.id, beard.id], date: day, start_hour: "09:00" });
  expect(withBeard.status).toBe(201);
  expect((await withBeard.json()).appointment.barber.id).toBe(barbers[1].id);

  // Ties: a fresh shop's barbers all have none; the lowest id is chosen.
  const fresh = await shopWithBarbers(2);
  const e = await createClient(db());
  const tie = await book(e.token, { barbershop_id: fresh.shop.id, services: [fresh.cut.id], date: day, start_hour: "11:00" });
  expect((await tie.json()).appointment.barber.id).toBe(Math.min(...fresh.barbers.map((x) => x.id)));
}, 60_000);

it("free times without a barber are the union over the barbers who perform the services", async () => {
  const { shop, barbers, cut } = await shopWithBarbers(2);
  await insertAppointment(db(), { shopId: shop.id, barberId: barbers[0].id, serviceId: cut.id, clientId: null, startsAt: at("10:00") });
  const times = async (barber?: number) => {
    const q = new URLSearchParams({ barbershop_id: String(shop.id), services: String(cut.id), date: day, ...(barber ? { barber_id: String(barber) } : {}) });
    const r = await availableTimes(req(`/v3/appointment/available-times?${q}`));
    expect(r.status).toBe(200);
    return r.json();
  };
  const [first, second, any] = [await times(barbers[0].id), await times(barbers[1].id), await times()];
  expect(first.morning).not.toContain("10:00");
  expect(any.morning).toContain("10:00");
  for (const p of ["morning", "afternoon", "night"] as const) expect(any[p]).toEqual([...new Set([...first[p], ...second[p]])].sort());
  // With both barbers busy at 10:00 it is gone from the union too.
  await insertAppointment(db(), { shopId: shop.id, barberId: barbers[1].id, serviceId: cut.id, clientId: null, startsAt: at("10:00") });
  expect((await times()).morning).not.toContain("10:00");
}, 60_000);

it("the date strip's days come from one call and agree with each day's free times", async () => {
  const { shop, cut } = await shopWithBarbers(1);
  const from = localDate(1);
  const q = new URLSearchParams({ barbershop_id: String(shop.id), services: String(cut.id), from, days: "14" });
  const r = await availableDays(req(`/v3/appointment/available-days?${q}`));
  expect(r.status).toBe(200);
  const body = await r.json();
  expect(body.days).toHaveLength(14);
  for (const d of body.days.slice(0, 3)) {
    const t = await (
      await availableTimes(
        req(`/v3/appointment/available-times?${new URLSearchParams({ barbershop_id: String(shop.id), services: String(cut.id), date: d.date })}`),
      )
    ).json();
    expect(d.available).toBe(t.morning.length + t.afternoon.length + t.night.length > 0);
  }
  expect(body.days.every((d: { available: boolean }) => d.available)).toBe(true);

  // A shop closed on one weekday shows that day unavailable; a bad range is a 400.
  const bad = await availableDays(
    req(`/v3/appointment/available-days?${new URLSearchParams({ barbershop_id: String(shop.id), services: String(cut.id), from, days: "40" })}`),
  );
  expect(bad.status).toBe(400);
}, 60_000);
