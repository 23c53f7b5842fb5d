// Small factories for search and shop-page tests: exactly the rows a test needs.
import type { Db } from "@/lib/server/db/client";
import { barbers, barberServices, barbershops, places, reviews, appointments, services, shopHours, users, products } from "@/lib/server/db/schema";

let seq = 0;
const next = () => ++seq;

/** A point `km` kilometres north of (lat, lng): 1° of latitude = 111.3195 km on earthdistance's sphere. */
export const north = (lat: number, km: number) => lat + km / 111.3195;

export const PINHEIROS = { latitude: -23.5666, longitude: -46.6917 };

export async function makeShop(db: Db, over: Partial<typeof barbershops.$inferInsert> = {}) {
  const n = next();
  const [shop] = await db
    .insert(barbershops)
    .values({
      slug: `shop-${n}`,
      name: `Barbearia ${n}`,
      address: `Rua Teste, ${n}`,
      neighborhood: "Pinheiros",
      city: "São Paulo",
      citySlug: "sao-paulo",
      state: "SP",
      latitude: PINHEIROS.latitude,
      longitude: PINHEIROS.longitude,
      priceFrom: "30.00",
      priceTo: "80.00",
      ...over,
    })
    .returning();
  return shop;
}

export async function openAllWeek(db: Db, shopId: number, opens = "09:00", closes = "19:00") {
  await db.insert(shopHours).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shopId, weekday, opens, closes })));
}

export async function makeBarber(db: Db, shopId: number, over: Partial<typeof barbers.$inferInsert> = {}) {
  const [barber] = await db
    .insert(barbers)
    .values({ barbershopId: shopId, name: `Barbeiro ${next()}`, ...over })
    .returning();
  return barber;
}

export async function makeService(db: Db, shopId: number, over: Partial<typeof services.$inferInsert> = {}) {
  const [service] = await db
    .insert(services)
    .values({ barbershopId: shopId, name: `Corte ${next()}`, price: "40.00", durationMinutes: 30, ...over })
    .returning();
  return service;
}

export async function linkBarberService(db: Db, barberId: number, serviceId: number) {
  await db.insert(barberServices).values({ barberId, serviceId });
}

export async function makeProduct(db: Db, shopId: number, over: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await db
    .insert(products)
    .values({ barbershopId: shopId, name: `Pomada ${next()}`, price: "25.00", ...over })
    .returning();
  return product;
}

export async function makeClient(db: Db) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({ name: `Cliente ${n}`, email: `cliente${n}@example.com` })
    .returning();
  return user;
}

/** A completed appointment with a review of the given rating. */
export async function makeReview(db: Db, shopId: number, barberId: number, rating: number, comment: string | null, createdAt = new Date()) {
  const start = new Date(Date.UTC(2025, 0, 1, 12) + next() * 3_600_000);
  const [appt] = await db
    .insert(appointments)
    .values({
      barbershopId: shopId,
      barberId,
      clientName: "Cliente",
      status: "completed",
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      subtotal: "40.00",
      total: "40.00",
    })
    .returning();
  const [review] = await db
    .insert(reviews)
    .values({ appointmentId: appt.id, barbershopId: shopId, barberId, clientName: "Cliente Feliz", rating, comment, createdAt })
    .returning();
  return review;
}

export async function makePlace(db: Db, over: Partial<typeof places.$inferInsert> & { name: string }) {
  const [place] = await db
    .insert(places)
    .values({ kind: "neighborhood", city: "São Paulo", citySlug: "sao-paulo", state: "SP", ...PINHEIROS, ...over })
    .returning();
  return place;
}
