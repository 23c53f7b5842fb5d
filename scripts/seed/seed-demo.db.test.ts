import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as login } from "@/app/v3/login/route";
import { GET as myShops } from "@/app/v3/staff/shops/route";
import { rowsOf } from "@/lib/server/shops/cards";
import { verifyPassword } from "@/lib/server/auth/password";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./demo-account";
import { DEMO_STAFF } from "./demo-staff";
import { seedDemo } from "./seed-demo";
import { useTestDb } from "@/lib/server/db/testing";

const testDb = useTestDb();
const db = () => testDb.current().handle.db;
const NOW = new Date("2026-03-10T15:00:00Z");

async function rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return rowsOf(await db().execute(query));
}
async function one(query: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
  return (await rows(query))[0];
}

async function counts() {
  return one(sql`select
    (select count(*)::int from barbershops) as shops,
    (select count(*)::int from shop_hours) as hours,
    (select count(*)::int from barbers) as barbers,
    (select count(*)::int from services) as services,
    (select count(*)::int from barber_services) as barber_services,
    (select count(*)::int from products) as products,
    (select count(*)::int from users) as users,
    (select count(*)::int from appointments) as appointments,
    (select count(*)::int from appointment_services) as appointment_services,
    (select count(*)::int from reviews) as reviews,
    (select count(*)::int from favorites) as favorites,
    (select count(*)::int from addresses) as addresses,
    (select count(*)::int from places) as places,
    (select count(*)::int from shop_staff) as staff`);
}

describe("seedDemo", () => {
  let first: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    first = await seedDemo(db(), { shops: 30, now: NOW });
  }, 60_000);

  it("creates 30 shops in the three cities, with slugs, hours and a few new ones", async () => {
    expect(first.created).toBe(true);
    const c = await counts();
    expect(c.shops).toBe(30);
    const cities = await rows(sql`select city_slug, state, count(*)::int as n from barbershops group by 1, 2 order by 1`);
    expect(cities.map((r) => [r.city_slug, r.state])).toEqual([
      ["belo-horizonte", "MG"],
      ["rio-de-janeiro", "RJ"],
      ["sao-paulo", "SP"],
    ]);
    const shops = await rows(sql`select slug, phone, whatsapp, zip_code, timezone, agenda_time_interval, cover_url, photos, created_at from barbershops`);
    for (const shop of shops) {
      expect(shop.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(shop.phone).toMatch(/^\+55(11|21|31)\d{8,9}$/);
      expect(shop.whatsapp).toMatch(/^\+55(11|21|31)9\d{8}$/);
      expect(shop.zip_code).toMatch(/^\d{5}-\d{3}$/);
      expect(shop.timezone).toBe("America/Sao_Paulo");
      expect([10, 15, 20, 30]).toContain(Number(shop.agenda_time_interval));
      expect(shop.cover_url).toMatch(/^\/demo\/cover-\d{2}\.webp$/);
      expect((shop.photos as string[]).length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(shops.map((s) => s.slug)).size).toBe(30);
    const fresh = shops.filter((s) => new Date(s.created_at as string).getTime() > NOW.getTime() - 30 * 86_400_000);
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    const noHours = await one(sql`select count(*)::int as n from barbershops b where not exists (select 1 from shop_hours h where h.barbershop_id = b.id)`);
    expect(noHours.n).toBe(0);
  });

  it("gives every shop 2–6 barbers, 5–12 services each done by someone, and products", async () => {
    const perShop = await rows(sql`select b.id,
      (select count(*)::int from barbers x where x.barbershop_id = b.id) as barbers,
      (select count(*)::int from services x where x.barbershop_id = b.id) as services,
      (select count(*)::int from products x where x.barbershop_id = b.id) as products
      from barbershops b`);
    for (const s of perShop) {
      expect(s.barbers).toBeGreaterThanOrEqual(2);
      expect(s.barbers).toBeLessThanOrEqual(6);
      expect(s.services).toBeGreaterThanOrEqual(5);
      expect(s.services).toBeLessThanOrEqual(12);
      expect(s.products).toBeGreaterThanOrEqual(2);
      expect(s.products).toBeLessThanOrEqual(6);
    }
    const orphan = await one(sql`select count(*)::int as n from services s where not exists (select 1 from barber_services bs where bs.service_id = s.id)`);
    expect(orphan.n).toBe(0);
    const crossShop = await one(sql`select count(*)::int as n from barber_services bs
      join barbers b on b.id = bs.barber_id join services s on s.id = bs.service_id where b.barbershop_id <> s.barbershop_id`);
    expect(crossShop.n).toBe(0);
    const bad = await one(sql`select count(*)::int as n from services where price::text !~ '^\\d+\\.\\d{2}$' or duration_minutes % 5 <> 0
      or category not in ('hair', 'beard', 'combo', 'care', 'color')`);
    expect(bad.n).toBe(0);
  });

  it("keeps price_from/price_to and the ratings in step with services and reviews", async () => {
    const price = await one(sql`select count(*)::int as n from barbershops b,
      lateral (select min(price) as lo, max(price) as hi from services s where s.barbershop_id = b.id and s.is_online and s.is_active) x
      where b.price_from is distinct from x.lo or b.price_to is distinct from x.hi`);
    expect(price.n).toBe(0);
    const shopRating = await one(sql`select count(*)::int as n from barbershops b,
      lateral (select coalesce(round(avg(rating)::numeric, 2), 0) as avg, count(*)::int as cnt from reviews r where r.barbershop_id = b.id) x
      where b.rating_avg <> x.avg or b.rating_count <> x.cnt`);
    expect(shopRating.n).toBe(0);
    const barberRating = await one(sql`select count(*)::int as n from barbers b,
      lateral (select coalesce(round(avg(rating)::numeric, 2), 0) as avg, count(*)::int as cnt from reviews r where r.barber_id = b.id) x
      where b.rating_avg <> x.avg or b.rating_count <> x.cnt`);
    expect(barberRating.n).toBe(0);
    const reviewed = await one(sql`select count(*)::int as n from barbershops where rating_count > 0`);
    expect(reviewed.n).toBeGreaterThan(20);
  });

  it("places 3–15 completed appointments per shop in the past, within the barber's hours, with consistent money", async () => {
    const perShop = await rows(sql`select b.id, (select count(*)::int from appointments a
      where a.barbershop_id = b.id and a.status = 'completed' and a.client_id is distinct from (select id from users where email = ${DEMO_EMAIL})) as n
      from barbershops b`);
    for (const s of perShop) {
      expect(s.n).toBeGreaterThanOrEqual(3);
      expect(s.n).toBeLessThanOrEqual(15);
    }
    const future = await one(sql`select count(*)::int as n from appointments where status = 'completed' and starts_at > ${NOW.toISOString()}::timestamptz`);
    expect(future.n).toBe(0);
    const money = await one(sql`select count(*)::int as n from appointments a where
      a.total <> a.subtotal + a.additional - a.discount
      or a.subtotal <> (select sum(price) from appointment_services x where x.appointment_id = a.id)
      or a.additional <> coalesce((select sum(price * quantity) from appointment_products x where x.appointment_id = a.id), 0)
      or a.ends_at - a.starts_at <> make_interval(mins => (select sum(duration_minutes) from appointment_services x where x.appointment_id = a.id)::int)`);
    expect(money.n).toBe(0);
    // Within the working ranges of the day (the barber's own, else the shop's) and clear of breaks.
    const outside = await one(sql`with a as (
        select a.barber_id, a.barbershop_id,
          extract(dow from a.starts_at at time zone 'America/Sao_Paulo')::int as wd,
          (a.starts_at at time zone 'America/Sao_Paulo')::time as st,
          (a.ends_at at time zone 'America/Sao_Paulo')::time as en
        from appointments a where a.status <> 'cancelled')
      select count(*)::int as n from a where
        (case when exists (select 1 from barber_hours h where h.barber_id = a.barber_id and h.weekday = a.wd)
          then not exists (select 1 from barber_hours h where h.barber_id = a.barber_id and h.weekday = a.wd and h.starts <= a.st and h.ends >= a.en)
          else not exists (select 1 from shop_hours h where h.barbershop_id = a.barbershop_id and h.weekday = a.wd and h.opens <= a.st and h.closes >= a.en)
        end)
        or exists (select 1 from barber_breaks b where b.barber_id = a.barber_id and b.weekday = a.wd and b.starts < a.en and a.st < b.ends)`);
    expect(outside.n).toBe(0);
    const reviews = await one(sql`select count(*)::int as n, min(rating)::int as lo, max(rating)::int as hi,
      count(*) filter (where r.barbershop_id <> a.barbershop_id or r.barber_id <> a.barber_id or a.status <> 'completed')::int as bad
      from reviews r join appointments a on a.id = r.appointment_id`);
    expect(reviews.n).toBeGreaterThan(30);
    expect(reviews.lo).toBeGreaterThanOrEqual(1);
    expect(reviews.hi).toBe(5);
    expect(reviews.bad).toBe(0);
  });

  it("creates the demo client with upcoming, past and cancelled appointments, favourites and an address", async () => {
    const user = await one(sql`select id, name, phone, type, birth_date::text as birth_date, password_hash from users where email = ${DEMO_EMAIL}`);
    expect(user).toMatchObject({ name: "Cliente Demo", phone: "+5511987654321", type: "client", birth_date: "1992-05-14" });
    await expect(verifyPassword(user.password_hash as string, DEMO_PASSWORD)).resolves.toBe(true);
    const appts = await rows(sql`select a.status, a.starts_at, a.client_name, r.id as review_id from appointments a
      left join reviews r on r.appointment_id = a.id where a.client_id = ${user.id} order by a.starts_at`);
    const now = NOW.getTime();
    const upcoming = appts.filter((a) => new Date(a.starts_at as string).getTime() > now);
    const past = appts.filter((a) => new Date(a.starts_at as string).getTime() < now);
    expect(upcoming.map((a) => a.status).sort()).toEqual(["confirmed", "pending"]);
    expect(past.filter((a) => a.status === "completed")).toHaveLength(4);
    expect(past.filter((a) => a.status === "completed" && a.review_id != null)).toHaveLength(1);
    expect(appts.filter((a) => a.status === "cancelled")).toHaveLength(1);
    // The recent visits' "how was it?" e-mail, for two hours after it, with its rating link; kept unsent (no
    // provider). The older visits' would have been purged (a week after they went).
    const asked = await rows(sql`select o.status, o.recipient, o.subject, o.body, o.send_after, a.ends_at, o.created_at = a.created_at as booked
      from outbox o join appointments a on a.id = o.appointment_id where o.kind = 'review-request' and a.client_id = ${user.id} order by a.starts_at`);
    expect(asked).toHaveLength(2);
    for (const m of asked) {
      expect(m).toMatchObject({ status: "unsent", recipient: DEMO_EMAIL, booked: true, subject: expect.stringMatching(/^Como foi na .+\?$/) });
      expect(new Date(m.send_after as string).getTime()).toBeGreaterThanOrEqual(new Date(m.ends_at as string).getTime() + 2 * 3_600_000);
      expect(m.body).toMatch(/\/avaliar\?t=\d+\./);
    }
    expect(appts.every((a) => a.client_name === "Cliente Demo")).toBe(true);
    const fav = await one(sql`select count(*)::int as n from favorites where user_id = ${user.id}`);
    expect(fav.n).toBe(3);
    const address = await one(sql`select neighborhood, city, is_default from addresses where user_id = ${user.id}`);
    expect(address).toEqual({ neighborhood: "Pinheiros", city: "São Paulo", is_default: true });
    const clients = await one(sql`select count(*)::int as n from users where type = 'client' and email like '%@exemplo.com.br'`);
    expect(clients.n).toBe(40);
  });

  it("gives one shop a demo team: an owner who also cuts hair, a manager, a front desk and two barbers, each signing in with the demo password", async () => {
    const team = await rows(sql`select u.email, u.type, u.password_hash, s.barbershop_id, s.roles, s.barber_id, b.barbershop_id as barber_shop
      from shop_staff s join users u on u.id = s.user_id left join barbers b on b.id = s.barber_id order by u.email`);
    expect(team.map((m) => [m.email, m.roles])).toEqual([
      ["barbeiro2@navalha.app", ["barber"]],
      ["barbeiro@navalha.app", ["barber"]],
      ["manager@navalha.app", ["manager"]],
      ["owner@navalha.app", ["owner", "barber"]],
      ["recepcao@navalha.app", ["front_desk"]],
    ]);
    const shopIds = new Set(team.map((m) => m.barbershop_id));
    expect(shopIds.size).toBe(1);
    const [shop] = [...shopIds];
    const slug = await one(sql`select slug from barbershops where id = ${shop}`);
    expect(slug.slug).toBe(first.counts!.staffShop);
    const barbers = team.filter((m) => (m.roles as string[]).includes("barber"));
    expect(barbers.every((m) => m.barber_id !== null && m.barber_shop === shop)).toBe(true);
    expect(new Set(barbers.map((m) => m.barber_id)).size).toBe(3);
    expect(team.filter((m) => !(m.roles as string[]).includes("barber")).every((m) => m.barber_id === null)).toBe(true);
    // Staff are accounts like any other: they can book as clients too.
    expect(team.every((m) => m.type === "client")).toBe(true);
    for (const m of team) await expect(verifyPassword(m.password_hash as string, DEMO_PASSWORD)).resolves.toBe(true);
    const email = DEMO_STAFF.map((m) => m.email).sort();
    expect(team.map((m) => m.email).sort()).toEqual(email);

    // The owner signs in as any account does and finds his shop among those he works at.
    const headers = { "content-type": "application/json", "x-forwarded-for": "10.9.8.7" };
    const signIn = await login(
      new NextRequest("http://localhost/v3/login", { method: "POST", headers, body: JSON.stringify({ login: "owner@navalha.app", password: DEMO_PASSWORD }) }),
    );
    expect(signIn.status).toBe(200);
    const { token } = await signIn.json();
    const mine = await myShops(new NextRequest("http://localhost/v3/staff/shops", { headers: { authorization: `Bearer ${token}` } }));
    expect((await mine.json()).items).toEqual([
      expect.objectContaining({ shop: expect.objectContaining({ id: shop, slug: slug.slug }), roles: ["owner", "barber"] }),
    ]);
  });

  it("fills the places table with the cities and their neighbourhoods", async () => {
    const places = await rows(sql`select kind, count(*)::int as n from places group by 1 order by 1`);
    expect(places).toEqual([
      { kind: "city", n: 3 },
      { kind: "neighborhood", n: expect.any(Number) },
    ]);
    expect(places[1].n).toBeGreaterThanOrEqual(80);
  });

  it("does nothing the second time", async () => {
    const before = await counts();
    await expect(seedDemo(db(), { shops: 30, now: NOW })).resolves.toEqual({ created: false });
    expect(await counts()).toEqual(before);
  });
});
