import { and, eq, ne } from "drizzle-orm";
import { POST as guestBooking } from "@/app/v3/appointments/appointment-without-login/route";
import { POST as newAppointment } from "@/app/v3/appointments/new-appointment/route";
import { appointments } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { createBookableShop, createClient, createService, localDate, req } from "@/tests/factories/booking";

// Many requests race for one barber's time: the database must end up with exactly one appointment.
const testDb = useTestDb();
const db = () => testDb.current().handle.db;
const day = localDate(5);

async function liveAppointmentsOf(barberId: number) {
  return db()
    .select()
    .from(appointments)
    .where(and(eq(appointments.barberId, barberId), ne(appointments.status, "cancelled")));
}

it("50 concurrent bookings of the same barber and time: exactly one succeeds", async () => {
  const f = await createBookableShop(db());
  const clients = await Promise.all(Array.from({ length: 50 }, () => createClient(db())));
  const body = { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day, start_hour: "10:00" };
  const responses = await Promise.all(clients.map((c) => newAppointment(req("/v3/appointments/new-appointment", { method: "POST", body, token: c.token }))));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  for (const r of responses.filter((x) => x.status === 409)) expect((await r.json()).code).toBe("SLOT_TAKEN");
  expect(await liveAppointmentsOf(f.barber.id)).toHaveLength(1);
}, 60_000);

it("overlapping bookings of different lengths: exactly one succeeds", async () => {
  const f = await createBookableShop(db());
  const long = await createService(db(), f.shop.id, { name: "Pacote", durationMinutes: 90 }, [f.barber.id]);
  // Every one of these holds 10:30–11:00, so any two overlap.
  const shapes = [
    { services: [long.id], start_hour: "09:30" },
    { services: [f.beard.id], start_hour: "10:00" },
    { services: [f.cut.id], start_hour: "10:30" },
    { services: [f.cut.id, f.beard.id], start_hour: "09:30" },
    { services: [long.id], start_hour: "10:30" },
  ];
  const attempts = Array.from({ length: 40 }, (_, i) => ({ ...shapes[i % shapes.length], i }));
  const responses = await Promise.all(
    attempts.map(({ services, start_hour, i }) =>
      guestBooking(
        req("/v3/appointments/appointment-without-login", {
          method: "POST",
          body: {
            barbershop_id: f.shop.id,
            barber_id: f.barber.id,
            services,
            date: day,
            start_hour,
            name: `Convidado ${i}`,
            phone: `(11) 9${String(10_000_000 + i).slice(-8, -4)}-${String(10_000_000 + i).slice(-4)}`,
          },
        }),
      ),
    ),
  );
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(39);
  expect(await liveAppointmentsOf(f.barber.id)).toHaveLength(1);
}, 60_000);

it("concurrent retries with one Idempotency-Key yield one appointment and the same answer", async () => {
  const f = await createBookableShop(db());
  const { token } = await createClient(db());
  const body = { barbershop_id: f.shop.id, barber_id: f.barber.id, services: [f.cut.id], date: day, start_hour: "14:00" };
  const responses = await Promise.all(
    Array.from({ length: 20 }, () =>
      newAppointment(req("/v3/appointments/new-appointment", { method: "POST", body, token, headers: { "idempotency-key": "same-key-for-all-20" } })),
    ),
  );
  const ok = responses.filter((r) => r.status === 201);
  // A duplicate that arrives while the first is still being written may be told to retry (409).
  for (const r of responses.filter((x) => x.status !== 201)) {
    expect(r.status).toBe(409);
    expect((await r.json()).code).toBe("IDEMPOTENCY_IN_PROGRESS");
  }
  const ids = new Set(await Promise.all(ok.map(async (r) => (await r.json()).appointment.id)));
  expect(ok.length).toBeGreaterThan(0);
  expect(ids.size).toBe(1);
  expect(await liveAppointmentsOf(f.barber.id)).toHaveLength(1);
}, 60_000);

it("the database itself refuses an overlapping appointment that skipped every check", async () => {
  const { insertAppointment } = await import("@/tests/factories/booking");
  const { pgErrorCode } = await import("@/lib/server/http/errors");
  const f = await createBookableShop(db());
  const at = new Date(`${day}T15:00:00-03:00`);
  await insertAppointment(db(), { shopId: f.shop.id, barberId: f.barber.id, serviceId: f.cut.id, clientId: null, startsAt: at, minutes: 60 });
  const err = await insertAppointment(db(), {
    shopId: f.shop.id,
    barberId: f.barber.id,
    serviceId: f.cut.id,
    clientId: null,
    startsAt: new Date(at.getTime() + 30 * 60_000),
  }).catch((e: unknown) => e);
  expect(pgErrorCode(err)).toBe("23P01");
});
