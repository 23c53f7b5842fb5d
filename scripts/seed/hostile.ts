// Test-only data for e2e/hostile-input.spec.ts: one shop whose texts carry HTML and script, in a city
// of its own far from the demo shops, so no other journey meets it, and one beside it that has closed. Loaded by
// scripts/seed-e2e.ts after the demo seed; never part of the demo data. Safe to run again: it does nothing
// when the shop exists.
import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/server/auth/password";
import type { Db } from "@/lib/server/db/client";
import * as s from "@/lib/server/db/schema";
import { HOSTILE } from "@/e2e/hostile-data";

const DAY = 24 * 60 * 60 * 1000;

/** 10:00 in São Paulo (UTC−03:00, no daylight saving) `days` days from today. */
function spMorning(days: number, now = new Date()): Date {
  const sp = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  return new Date(Date.UTC(sp.getUTCFullYear(), sp.getUTCMonth(), sp.getUTCDate() + days, 13, 0));
}

export async function seedHostile(db: Db) {
  const [existing] = await db.select({ id: s.barbershops.id }).from(s.barbershops).where(eq(s.barbershops.slug, HOSTILE.slug)).limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(HOSTILE.client.password);

  await db.transaction(async (tx) => {
    const [client] = await tx
      .insert(s.users)
      .values({ type: "client", name: HOSTILE.client.name, email: HOSTILE.client.email, phone: HOSTILE.client.phone, passwordHash })
      .returning({ id: s.users.id });
    const [shop] = await tx
      .insert(s.barbershops)
      .values({
        slug: HOSTILE.renamedFrom,
        name: HOSTILE.shopName,
        description: HOSTILE.description,
        address: "Rua do Teste, 1",
        neighborhood: HOSTILE.neighborhood,
        city: HOSTILE.city,
        citySlug: HOSTILE.citySlug,
        state: "SP",
        latitude: HOSTILE.latitude,
        longitude: HOSTILE.longitude,
        amenities: ["wifi"],
        priceFrom: "50.00",
        priceTo: "50.00",
        ratingAvg: "5",
        ratingCount: 1,
      })
      .returning({ id: s.barbershops.id });
    // Renamed since it opened: its old slug is remembered (shop_slug_history) and its old links lead to it.
    await tx.update(s.barbershops).set({ slug: HOSTILE.slug }).where(eq(s.barbershops.id, shop.id));
    await tx.insert(s.shopHours).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shop.id, weekday, opens: "08:00", closes: "20:00" })));
    // A shop that has left Navalha, 300 m away: its old links reach the not-found page, which names it.
    await tx.insert(s.barbershops).values({
      id: HOSTILE.closed.id,
      slug: HOSTILE.closed.renamedFrom,
      name: HOSTILE.closed.name,
      address: "Rua do Teste, 2",
      neighborhood: HOSTILE.closed.neighborhood,
      city: HOSTILE.city,
      citySlug: HOSTILE.citySlug,
      state: "SP",
      latitude: HOSTILE.latitude + 0.0027,
      longitude: HOSTILE.longitude,
      isActive: false,
    });
    await tx.update(s.barbershops).set({ slug: HOSTILE.closed.slug }).where(eq(s.barbershops.id, HOSTILE.closed.id));
    const [barber] = await tx
      .insert(s.barbers)
      .values({ barbershopId: shop.id, name: HOSTILE.barberName, bio: HOSTILE.description, ratingAvg: "5", ratingCount: 1 })
      .returning({ id: s.barbers.id });
    const [service] = await tx
      .insert(s.services)
      .values({ barbershopId: shop.id, name: HOSTILE.serviceName, description: HOSTILE.description, price: "50.00", durationMinutes: 30 })
      .returning({ id: s.services.id });
    await tx.insert(s.barberServices).values({ barberId: barber.id, serviceId: service.id });

    // Two past visits of the hostile client: one already reviewed, one left for the spec to review.
    const visits = await tx
      .insert(s.appointments)
      .values(
        [3, 2].map((ago) => ({
          barbershopId: shop.id,
          barberId: barber.id,
          clientId: client.id,
          clientName: HOSTILE.client.name,
          clientPhone: HOSTILE.client.phone,
          status: "completed",
          startsAt: spMorning(-ago),
          endsAt: new Date(spMorning(-ago).getTime() + 30 * 60 * 1000),
          subtotal: "50.00",
          total: "50.00",
          createdAt: new Date(Date.now() - (ago + 7) * DAY),
        })),
      )
      .returning({ id: s.appointments.id });
    for (const v of visits) {
      await tx
        .insert(s.appointmentServices)
        .values({ appointmentId: v.id, serviceId: service.id, name: HOSTILE.serviceName, price: "50.00", durationMinutes: 30 });
    }
    await tx.insert(s.reviews).values({
      appointmentId: visits[0].id,
      barbershopId: shop.id,
      barberId: barber.id,
      clientId: client.id,
      clientName: HOSTILE.client.name,
      rating: 5,
      comment: HOSTILE.review,
    });
  });
  console.log(`Hostile test shop loaded: /barbearia/${HOSTILE.slug}`);
}
