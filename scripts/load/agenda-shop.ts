// The agenda benchmarks' shop (scripts/bench-agenda.ts, scripts/bench-agenda-streams.ts).
import postgres from "postgres";
import { hashPassword } from "@/lib/server/auth/password";
import { openPostgres } from "@/lib/server/db/client";
import { keepFreeDays } from "@/lib/server/shops/free-times-sql";
import { fromWallClock, toWallClock } from "@/lib/server/availability/zoned-time";

export const TZ = "America/Sao_Paulo";
export const AGENDA_EMAIL = "agenda-bench@example.com";
export const AGENDA_PASSWORD = "agenda-bench-1";

/**
 * Today and tomorrow of every shop kept computed, as the app servers' schedule keeps them (decision 0022), so that a
 * measurement does not run beside a server computing a fresh database's 200,000 days (a core of PostgreSQL's for
 * minutes). Returns how many it computed (0 when already current).
 */
async function keepEveryFreeDay(databaseUrl: string): Promise<number> {
  const handle = await openPostgres(databaseUrl, 2);
  try {
    let kept = 0;
    for (let n = -1; n !== 0; kept += n) {
      try {
        n = await keepFreeDays(handle.db, { batch: 5000 });
      } catch (err) {
        // The server just started keeps the same days: a deadlock between the two is tried again.
        if ((err as { cause?: { code?: string } }).cause?.code !== "40P01") throw err;
        n = -1;
      }
    }
    return kept;
  } finally {
    await handle.close();
  }
}

/** Adds (or finds again) the shop "agenda-bench": 12 barbers, 150 bookings tomorrow, a front-desk member. */
export async function prepareAgendaShop(databaseUrl: string): Promise<{ shopId: number; date: string }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const date = toWallClock(new Date(Date.now() + 86_400_000), TZ).date;
    const [existing] = await sql<{ id: number }[]>`select id from barbershops where slug = 'agenda-bench'`;
    if (existing) await sql`delete from appointments where barbershop_id = ${existing.id}`;
    const [shop] = existing
      ? [existing]
      : await sql<
          { id: number }[]
        >`insert into barbershops (slug, name, address, neighborhood, city, city_slug, state, latitude, longitude, agenda_time_interval)
          values ('agenda-bench', 'Agenda Bench', 'Rua A, 1', 'Centro', 'São Paulo', 'sao-paulo', 'SP', -23.55, -46.63, 30) returning id`;
    await sql`delete from shop_hours where barbershop_id = ${shop.id}`;
    await sql`insert into shop_hours (barbershop_id, weekday, opens, closes) select ${shop.id}, d, '08:00', '21:00' from generate_series(0, 6) d`;
    let barberRows: { id: number }[] = [...(await sql<{ id: number }[]>`select id from barbers where barbershop_id = ${shop.id} order by id`)];
    if (barberRows.length < 12) {
      barberRows = [
        ...barberRows,
        ...(await sql<
          { id: number }[]
        >`insert into barbers (barbershop_id, name) select ${shop.id}, 'Barbeiro ' || n from generate_series(${barberRows.length + 1}, 12) n returning id`),
      ];
    }
    const [service] = (await sql<{ id: number }[]>`select id from services where barbershop_id = ${shop.id} limit 1`).length
      ? await sql<{ id: number }[]>`select id from services where barbershop_id = ${shop.id} limit 1`
      : await sql<{ id: number }[]>`insert into services (barbershop_id, name, price, duration_minutes) values (${shop.id}, 'Corte', 45, 30) returning id`;
    // 150 bookings: 12 or 13 a barber, every half hour from 08:00.
    for (let i = 0; i < 150; i++) {
      const barber = barberRows[i % 12];
      const startsAt = fromWallClock(date, 8 * 60 + Math.floor(i / 12) * 30, TZ)!;
      const [a] = await sql<
        { id: number }[]
      >`insert into appointments (barbershop_id, barber_id, client_name, client_phone, status, starts_at, ends_at, subtotal, total)
        values (${shop.id}, ${barber.id}, ${`Cliente ${i}`}, ${`+55119${String(10_000_000 + i)}`}, 'confirmed', ${startsAt.toISOString()}, ${new Date(startsAt.getTime() + 30 * 60_000).toISOString()}, 45, 45) returning id`;
      await sql`insert into appointment_services (appointment_id, service_id, name, price, duration_minutes) values (${a.id}, ${service.id}, 'Corte', 45, 30)`;
    }
    const hash = await hashPassword(AGENDA_PASSWORD);
    await sql`delete from users where email = ${AGENDA_EMAIL}`;
    const [user] = await sql<
      { id: number }[]
    >`insert into users (name, email, phone, password_hash) values ('Recepção Bench', ${AGENDA_EMAIL}, '+5511900009999', ${hash}) returning id`;
    await sql`insert into shop_staff (barbershop_id, user_id, roles) values (${shop.id}, ${user.id}, array['front_desk']) on conflict (barbershop_id, user_id) do nothing`;
    const started = performance.now();
    const kept = await keepEveryFreeDay(databaseUrl);
    if (kept > 0) console.log(`kept days: ${kept} computed in ${((performance.now() - started) / 1000).toFixed(1)} s before measuring`);
    return { shopId: shop.id, date };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
