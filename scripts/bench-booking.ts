// Booking benchmark against PostgreSQL, by direct service calls (no HTTP):
//   1. free times (GET /v3/appointment/available-times' service) for a barber with 2,000 appointments;
//   2. bookings (POST /v3/appointments/new-appointment's service) from 10 concurrent clients.
//
//   npx tsx --conditions=react-server scripts/bench-booking.ts \
//     [--database-url postgres://postgres@127.0.0.1:5432/navalha_booking_bench] [--runs 500] [--bookings 500] [--concurrency 10] \
//     [--shared-url postgres://postgres@127.0.0.1:5432/navalha_bench]
//
// The database of --database-url (its name must start with navalha_booking_bench) is dropped and rebuilt:
// one shop open 08:00–20:00 every day, one barber with 2,000 appointments spread over the past and coming
// days, ten more barbers to book. With --shared-url, free times are also measured, read-only, for the
// busiest barber of that database (scripts/generate-bench-data.ts --barber-appointments 2000).
import { performance } from "node:perf_hooks";
import { getAvailableTimes } from "@/lib/server/availability/load";
import { fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";
import { createAppointment } from "@/lib/server/appointments/create";
import { openPostgres } from "@/lib/server/db/client";
import { appointmentServices, appointments, barberServices, barbers, barbershops, services, shopHours, users } from "@/lib/server/db/schema";
import { rebuildBenchDatabase } from "./load/bench-database";
import { arg, percentile } from "./load/bench-run";

const URL_ = arg("database-url", "postgres://postgres@127.0.0.1:5432/navalha_booking_bench");
const RUNS = Number(arg("runs", "500"));
const BOOKINGS = Number(arg("bookings", "500"));
const CONCURRENCY = Number(arg("concurrency", "10"));
const TZ = "America/Sao_Paulo";
const WARMUP = 50;

function report(name: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(2);
  console.log(`${name}: n=${s.length} p50=${f(percentile(s, 50))} ms p95=${f(percentile(s, 95))} ms p99=${f(percentile(s, 99))} ms max=${f(s.at(-1)!)} ms`);
  return percentile(s, 99);
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const handle = await rebuildBenchDatabase(URL_, "navalha_booking_bench", 20);
  const db = handle.db;
  const [shop] = await db
    .insert(barbershops)
    .values({
      slug: "bench",
      name: "Bench",
      address: "Rua A, 1",
      neighborhood: "Centro",
      city: "São Paulo",
      citySlug: "sao-paulo",
      state: "SP",
      latitude: -23.55,
      longitude: -46.63,
      agendaTimeInterval: 15,
      minNoticeMinutes: 0,
    })
    .returning();
  await db.insert(shopHours).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "08:00", closes: "20:00" })));
  const team = await db
    .insert(barbers)
    .values(Array.from({ length: 11 }, (_, i) => ({ barbershopId: shop.id, name: `Barbeiro ${i}` })))
    .returning();
  const [cut] = await db.insert(services).values({ barbershopId: shop.id, name: "Corte", price: "45.00", durationMinutes: 30 }).returning();
  await db.insert(barberServices).values(team.map((b) => ({ barberId: b.id, serviceId: cut.id })));
  const clients = await db
    .insert(users)
    .values(
      Array.from({ length: CONCURRENCY }, (_, i) => ({
        name: `Cliente ${i}`,
        email: `bench${i}@example.com`,
        phone: `+5511990000${String(i).padStart(3, "0")}`,
      })),
    )
    .returning();

  // The busy barber: 2,000 appointments of 30 min, 10 a day from 100 days ago to 100 days ahead.
  const busy = team[0];
  const today = toWallClock(new Date(), TZ).date;
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (let d = -100; rows.length < 2000; d++) {
    const date = addDays(today, d);
    for (let k = 0; k < 10 && rows.length < 2000; k++) {
      const startsAt = fromWallClock(date, 8 * 60 + k * 60, TZ)!;
      rows.push({
        barbershopId: shop.id,
        barberId: busy.id,
        clientId: clients[0].id,
        clientName: "Cliente",
        status: d < 0 ? "completed" : "confirmed",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        subtotal: "45.00",
        total: "45.00",
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(appointments)
      .values(rows.slice(i, i + 500))
      .returning({ id: appointments.id });
    await db
      .insert(appointmentServices)
      .values(inserted.map((r) => ({ appointmentId: r.id, serviceId: cut.id, name: "Corte", price: "45.00", durationMinutes: 30 })));
  }
  await db.execute("analyze" as never);
  console.log(`PostgreSQL ${URL_}: shop ${shop.id}, busy barber ${busy.id} with ${rows.length} appointments.`);

  // 1. Free times of the busy barber on the coming days (each day holds 10 of his appointments).
  for (let i = 0; i < 50; i++)
    await getAvailableTimes(db, { barbershop_id: shop.id, barber_id: busy.id, services: [cut.id], date: addDays(today, 1 + (i % 30)) });
  const freeSamples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const times = await getAvailableTimes(db, { barbershop_id: shop.id, barber_id: busy.id, services: [cut.id], date: addDays(today, 1 + (i % 90)) });
    freeSamples.push(performance.now() - t0);
    if (i === 0 && times.morning.length + times.afternoon.length + times.night.length === 0) throw new Error("no free times: the benchmark data is wrong");
  }
  let freeP99 = report("free times, barber with 2,000 appointments (sequential)", freeSamples);

  const shared = process.argv.includes("--shared-url") ? arg("shared-url", "") : "";
  if (shared) {
    const other = await openPostgres(shared, 5);
    const [busiest] = (await other.db.execute(
      "select a.barber_id, a.barbershop_id, count(*)::int as n, (select s.service_id from barber_services s where s.barber_id = a.barber_id limit 1) as service_id from appointments a group by 1, 2 order by 3 desc limit 1" as never,
    )) as unknown as { barber_id: number; barbershop_id: number; n: number; service_id: number }[];
    const samples: number[] = [];
    for (let i = 0; i < RUNS + 50; i++) {
      const t0 = performance.now();
      await getAvailableTimes(other.db, {
        barbershop_id: busiest.barbershop_id,
        barber_id: busiest.barber_id,
        services: [busiest.service_id],
        date: addDays(today, 1 + (i % 60)),
      });
      if (i >= 50) samples.push(performance.now() - t0);
    }
    freeP99 = Math.max(
      freeP99,
      report(`free times on ${new URL(shared).pathname.slice(1)}, barber ${busiest.barber_id} with ${busiest.n} appointments (sequential)`, samples),
    );
    await other.close();
  }

  // 2. Bookings: CONCURRENCY clients in parallel, each booking the next free slot of its own list.
  const slots: { barberId: number; date: string; hour: string }[] = [];
  for (let d = 1; slots.length < BOOKINGS + WARMUP; d++) {
    for (const b of team.slice(1))
      for (let m = 8 * 60; m < 20 * 60; m += 30)
        slots.push({ barberId: b.id, date: addDays(today, d), hour: `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}` });
  }
  const bookSamples: number[] = [];
  let conflicts = 0;
  let next = 0;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    clients.map(async (user, w) => {
      while (true) {
        const i = next++;
        if (i >= BOOKINGS + WARMUP) return;
        const slot = slots[i];
        const t0 = performance.now();
        try {
          await createAppointment(
            db,
            {
              barbershop_id: shop.id,
              barber_id: slot.barberId,
              services: [cut.id],
              products: [],
              date: slot.date,
              start_hour: slot.hour,
              whatsapp_opt_in: false,
            },
            { kind: "client", user },
            { idempotencyKey: `bench-${w}-${i}` },
          );
        } catch (err) {
          if ((err as { code?: string }).code === "SLOT_TAKEN") conflicts++;
          else throw err;
        }
        // The first bookings warm the JIT and the connection pool up: not counted.
        if (i >= WARMUP) bookSamples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `bookings: this process used ${((cpu.user + cpu.system) / 1000 / (BOOKINGS + WARMUP)).toFixed(2)} ms of CPU per booking (the rest is PostgreSQL and waiting)`,
  );
  const bookP99 = report(`bookings, ${CONCURRENCY} concurrent clients`, bookSamples);
  console.log(`bookings: ${BOOKINGS} in ${seconds.toFixed(1)} s (${(BOOKINGS / seconds).toFixed(0)}/s), ${conflicts} conflicts`);
  console.log(`targets: free times p99 ≤ 20 ms → ${freeP99 <= 20 ? "met" : "MISSED"}; booking p99 ≤ 50 ms → ${bookP99 <= 50 ? "met" : "MISSED"}`);
  await handle.close();
  if (freeP99 > 20 || bookP99 > 50) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
