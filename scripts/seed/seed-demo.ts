// Demo data worth looking at: ~320 barbershops in São Paulo, Rio de Janeiro and Belo Horizonte,
// with hours, barbers, services, products, past appointments and reviews, plus a demo client
// (demo@navalha.app / demo1234). Deterministic (seeded PRNG) and idempotent.
import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "@/lib/server/auth/password";
import type { Db, Tx } from "@/lib/server/db/client";
import * as s from "@/lib/server/db/schema";
import { CITIES, type City, NEIGHBORHOODS, placeRows } from "./data/places";
import { DEMO_EMAIL, DEMO_NAME, DEMO_PASSWORD, DEMO_PHONE } from "./demo-account";
import { DEMO_STAFF, DEMO_STAFF_BARBERS, DEMO_STAFF_PASSWORD, seedDemoStaff } from "./demo-staff";
import { DAY, spDayNumber, toTime } from "./hours";
import { type AppointmentPlan, type PlannedShop, planAppointments, planClients, planDemo, planShops } from "./plan";
import { Rng } from "./random";
import { seedDemoReviewRequests } from "./review-requests";
import { money } from "./shop-profile";

export type SeedCounts = {
  barbershops: number;
  barbers: number;
  services: number;
  products: number;
  clients: number;
  appointments: number;
  reviews: number;
  places: number;
  /** The slug of the shop whose demo team the seed created. */
  staffShop: string;
};

const SEED = 20_240_514;

async function demoClientExists(db: Db | Tx): Promise<boolean> {
  const rows = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${DEMO_EMAIL}`)
    .limit(1);
  return rows.length > 0;
}

function chunks<T>(rows: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Loads the demo data unless the demo client already exists. Everything happens in one
 * transaction, so a failure leaves nothing behind and a second run finds the demo client.
 */
export async function seedDemo(db: Db, opts: { shops?: number; now?: Date } = {}): Promise<{ created: boolean; counts?: SeedCounts }> {
  if (await demoClientExists(db)) return { created: false };
  const shopCount = opts.shops ?? 320;
  const now = opts.now ?? new Date();
  const rng = new Rng(SEED);

  // Password hashes first: argon2 is slow on purpose and must not hold the transaction open.
  const clients = planClients(rng, now);
  const [demoHash, ...otherHashes] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    ...DEMO_STAFF.map(() => hashPassword(DEMO_STAFF_PASSWORD)),
    ...clients.map(() => hashPassword(randomBytes(12).toString("base64url"))),
  ]);
  const staffHashes = otherHashes.slice(0, DEMO_STAFF.length);
  const clientHashes = otherHashes.slice(DEMO_STAFF.length);

  const shops = planShops(rng, shopCount, now);
  const today = spDayNumber(now);
  const appointments = planAppointments(rng, shops, clients, now, today);
  const demo = planDemo(rng, shops, now, today);

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724311)`);
    if (await demoClientExists(tx)) return null;

    // Places for the location search.
    await tx.insert(s.places).values(placeRows()).onConflictDoNothing();

    // Users: the seeded clients and the demo client.
    const userRows = [
      ...clients.map((c, i) => ({
        type: "client",
        name: c.name,
        email: c.email,
        phone: c.phone,
        passwordHash: clientHashes[i],
        birthDate: c.birthDate,
        // Clients of long standing: each proved the e-mail it signed up with (decision 0043).
        emailProvedAt: c.createdAt,
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      })),
      {
        type: "client",
        name: DEMO_NAME,
        email: DEMO_EMAIL,
        phone: DEMO_PHONE,
        passwordHash: demoHash,
        birthDate: "1992-05-14",
        phoneProvedAt: new Date(now.getTime() - 200 * DAY),
        emailProvedAt: new Date(now.getTime() - 200 * DAY),
        createdAt: new Date(now.getTime() - 200 * DAY),
        updatedAt: new Date(now.getTime() - 200 * DAY),
      },
    ];
    const userIds = new Map<string, number>();
    for (const part of chunks(userRows)) {
      for (const u of await tx.insert(s.users).values(part).returning({ id: s.users.id, email: s.users.email })) {
        userIds.set(u.email!, u.id);
      }
    }
    const demoId = userIds.get(DEMO_EMAIL)!;

    // Shops.
    const shopIds = new Map<string, number>();
    for (const part of chunks(shops.map((p) => p.row))) {
      for (const r of await tx.insert(s.barbershops).values(part).returning({ id: s.barbershops.id, slug: s.barbershops.slug })) {
        shopIds.set(r.slug, r.id);
      }
    }
    const shopId = (p: PlannedShop) => shopIds.get(p.plan.slug)!;

    const hourRows = shops.flatMap((p) =>
      p.plan.hours.flatMap((ranges, weekday) => ranges.map(([a, b]) => ({ barbershopId: shopId(p), weekday, opens: toTime(a), closes: toTime(b) }))),
    );
    for (const part of chunks(hourRows)) await tx.insert(s.shopHours).values(part);

    // Barbers.
    const barberRows = shops.flatMap((p) => p.barberRows.map((b) => ({ ...b, barbershopId: shopId(p) })));
    const barberIds = new Map<string, number>();
    for (const part of chunks(barberRows)) {
      for (const r of await tx.insert(s.barbers).values(part).returning({ id: s.barbers.id, shop: s.barbers.barbershopId, name: s.barbers.name })) {
        barberIds.set(`${r.shop}|${r.name}`, r.id);
      }
    }
    const barberId = (p: PlannedShop, i: number) => barberIds.get(`${shopId(p)}|${p.plan.barbers[i].name}`)!;

    // The demo team: the first shop with barbers enough for it.
    const staffShop = shops.find((p) => p.plan.barbers.length >= DEMO_STAFF_BARBERS)!;
    await seedDemoStaff(
      tx,
      shopId(staffShop),
      staffShop.plan.barbers.map((_, i) => barberId(staffShop, i)),
      staffHashes,
      new Date(now.getTime() - 200 * DAY),
    );

    const ownHourRows = shops.flatMap((p) =>
      p.plan.barbers.flatMap((b, i) =>
        (b.ownHours ?? []).flatMap((ranges, weekday) => ranges.map(([a, c]) => ({ barberId: barberId(p, i), weekday, starts: toTime(a), ends: toTime(c) }))),
      ),
    );
    for (const part of chunks(ownHourRows)) await tx.insert(s.barberHours).values(part);
    const breakRows = shops.flatMap((p) =>
      p.plan.barbers.flatMap((b, i) =>
        (b.breaks ?? []).flatMap((ranges, weekday) => ranges.map(([a, c]) => ({ barberId: barberId(p, i), weekday, starts: toTime(a), ends: toTime(c) }))),
      ),
    );
    for (const part of chunks(breakRows)) await tx.insert(s.barberBreaks).values(part);

    // Services, who performs them, products.
    const serviceRows = shops.flatMap((p) =>
      p.plan.services.map((sv) => ({
        barbershopId: shopId(p),
        name: sv.name,
        description: sv.description,
        price: money(sv.cents),
        durationMinutes: sv.duration,
        category: sv.category,
        isOnline: sv.isOnline,
      })),
    );
    const serviceIds = new Map<string, number>();
    for (const part of chunks(serviceRows)) {
      for (const r of await tx.insert(s.services).values(part).returning({ id: s.services.id, shop: s.services.barbershopId, name: s.services.name })) {
        serviceIds.set(`${r.shop}|${r.name}`, r.id);
      }
    }
    const serviceId = (p: PlannedShop, name: string) => serviceIds.get(`${shopId(p)}|${name}`)!;
    const barberServiceRows = shops.flatMap((p) =>
      p.plan.barbers.flatMap((b, i) => b.services.map((name) => ({ barberId: barberId(p, i), serviceId: serviceId(p, name) }))),
    );
    for (const part of chunks(barberServiceRows, 1000)) await tx.insert(s.barberServices).values(part);

    const productRows = shops.flatMap((p) => p.plan.products.map((pr) => ({ barbershopId: shopId(p), name: pr.name, price: money(pr.cents) })));
    const productIds = new Map<string, number>();
    for (const part of chunks(productRows)) {
      for (const r of await tx.insert(s.products).values(part).returning({ id: s.products.id, shop: s.products.barbershopId, name: s.products.name })) {
        productIds.set(`${r.shop}|${r.name}`, r.id);
      }
    }

    // Appointments, their services and products, reviews.
    const allAppointments = [...appointments, ...demo.appointments];
    const shopPlanOf = new Map(shops.map((p) => [p.plan, p]));
    const apptRows = allAppointments.map((a) => {
      const p = shopPlanOf.get(a.shop)!;
      const subtotal = a.services.reduce((sum, x) => sum + x.cents, 0);
      const additional = a.products.reduce((sum, x) => sum + x.cents * x.quantity, 0);
      const clientId = a.client ? (a.client.email === DEMO_EMAIL ? demoId : userIds.get(a.client.email)!) : null;
      return {
        barbershopId: shopId(p),
        barberId: barberId(p, a.barberIndex),
        clientId,
        clientName: a.client?.name ?? a.guest!.name,
        clientPhone: a.client?.phone ?? a.guest!.phone,
        status: a.status,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        subtotal: money(subtotal),
        additional: money(additional),
        discount: money(a.discountCents),
        total: money(subtotal + additional - a.discountCents),
        notes: a.notes,
        confirmedAt: a.confirmedAt,
        cancelledAt: a.cancelledAt,
        createdAt: a.createdAt,
      };
    });
    const apptIds = new Map<string, number>();
    for (const part of chunks(apptRows)) {
      for (const r of await tx.insert(s.appointments).values(part).returning({
        id: s.appointments.id,
        barberId: s.appointments.barberId,
        startsAt: s.appointments.startsAt,
        status: s.appointments.status,
      })) {
        apptIds.set(`${r.barberId}|${r.startsAt.getTime()}|${r.status}`, r.id);
      }
    }
    const apptId = (a: AppointmentPlan, i: number) => apptIds.get(`${apptRows[i].barberId}|${a.startsAt.getTime()}|${a.status}`)!;

    const apptServiceRows = allAppointments.flatMap((a, i) =>
      a.services.map((sv) => ({
        appointmentId: apptId(a, i),
        serviceId: serviceId(shopPlanOf.get(a.shop)!, sv.name),
        name: sv.name,
        price: money(sv.cents),
        durationMinutes: sv.duration,
      })),
    );
    for (const part of chunks(apptServiceRows)) await tx.insert(s.appointmentServices).values(part);
    const apptProductRows = allAppointments.flatMap((a, i) =>
      a.products.map((pr) => ({
        appointmentId: apptId(a, i),
        productId: productIds.get(`${apptRows[i].barbershopId}|${pr.name}`)!,
        name: pr.name,
        price: money(pr.cents),
        quantity: pr.quantity,
      })),
    );
    for (const part of chunks(apptProductRows)) await tx.insert(s.appointmentProducts).values(part);

    const reviewRows = allAppointments.flatMap((a, i) =>
      a.review
        ? [
            {
              appointmentId: apptId(a, i),
              barbershopId: apptRows[i].barbershopId,
              barberId: apptRows[i].barberId,
              clientId: apptRows[i].clientId,
              clientName: apptRows[i].clientName,
              rating: a.review.rating,
              comment: a.review.comment,
              createdAt: a.review.createdAt,
            },
          ]
        : [],
    );
    for (const part of chunks(reviewRows)) await tx.insert(s.reviews).values(part);

    // The demo client's favourites and saved address.
    await tx.insert(s.favorites).values(
      demo.favorites.map((plan, i) => ({
        userId: demoId,
        barbershopId: shopId(shopPlanOf.get(plan)!),
        createdAt: new Date(now.getTime() - (30 - i * 7) * DAY),
      })),
    );
    const pinheiros = NEIGHBORHOODS.find((n) => n.name === "Pinheiros" && n.citySlug === "sao-paulo")!;
    await tx.insert(s.addresses).values({
      userId: demoId,
      label: "Casa",
      street: "Rua dos Pinheiros",
      number: "870",
      complement: "Apto 52",
      neighborhood: "Pinheiros",
      city: "São Paulo",
      state: "SP",
      zipCode: "05422-001",
      latitude: pinheiros.latitude,
      longitude: pinheiros.longitude,
      isDefault: true,
    });

    // Cached columns: price range of the online services, ratings from the reviews.
    const ids = [...shopIds.values()];
    const lo = Math.min(...ids);
    const hi = Math.max(...ids);
    await tx.execute(sql`
      update barbershops b set price_from = x.lo, price_to = x.hi
      from (select barbershop_id, min(price) as lo, max(price) as hi from services
            where is_online and is_active and barbershop_id between ${lo} and ${hi} group by barbershop_id) x
      where b.id = x.barbershop_id`);
    await tx.execute(sql`
      update barbershops b set rating_avg = x.avg, rating_count = x.n
      from (select barbershop_id, round(avg(rating)::numeric, 2) as avg, count(*)::int as n from reviews
            where barbershop_id between ${lo} and ${hi} group by barbershop_id) x
      where b.id = x.barbershop_id`);
    await tx.execute(sql`
      update barbers b set rating_avg = x.avg, rating_count = x.n
      from (select barber_id, round(avg(rating)::numeric, 2) as avg, count(*)::int as n from reviews
            where barbershop_id between ${lo} and ${hi} group by barber_id) x
      where b.id = x.barber_id`);

    return {
      barbershops: shops.length,
      barbers: barberRows.length,
      services: serviceRows.length,
      products: productRows.length,
      clients: clients.length + 1,
      appointments: apptRows.length,
      reviews: reviewRows.length,
      places: placeRows.length,
      staffShop: staffShop.plan.slug,
    } satisfies SeedCounts;
  });
  if (!result) return { created: false };
  await seedDemoReviewRequests(db, now);
  return { created: true, counts: result };
}
