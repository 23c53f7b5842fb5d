import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { TBookingContext } from "@/lib/contract/booking";
import type { Executor } from "@/lib/server/db/client";
import { barberHours, barberServices, barbers, barbershops, products, services, shopHours } from "@/lib/server/db/schema";
import { toWallClock } from "@/lib/server/availability/zoned-time";
import { serviceOrder } from "@/lib/server/shops/service-order";

const hhmm = (t: string) => t.slice(0, 5);

/** The shop of a slug with its barbers (and what each performs), online services and products. */
export async function loadBookingContext(db: Executor, slug: string, now = new Date()): Promise<TBookingContext | null> {
  const [shop] = await db
    .select()
    .from(barbershops)
    .where(and(eq(barbershops.slug, slug), eq(barbershops.isActive, true)))
    .limit(1);
  if (!shop) return null;
  const [barberRows, serviceRows, productRows, hours] = await Promise.all([
    db
      .select()
      .from(barbers)
      .where(and(eq(barbers.barbershopId, shop.id), eq(barbers.isActive, true)))
      .orderBy(asc(barbers.name)),
    db
      .select()
      .from(services)
      .where(and(eq(services.barbershopId, shop.id), eq(services.isActive, true), eq(services.isOnline, true)))
      .orderBy(serviceOrder(services)),
    db
      .select()
      .from(products)
      .where(and(eq(products.barbershopId, shop.id), eq(products.isActive, true)))
      .orderBy(asc(products.name)),
    db.select().from(shopHours).where(eq(shopHours.barbershopId, shop.id)).orderBy(asc(shopHours.weekday), asc(shopHours.opens)),
  ]);
  const barberIds = barberRows.map((b) => b.id);
  const [links, ownHours] = barberIds.length
    ? await Promise.all([
        db.select().from(barberServices).where(inArray(barberServices.barberId, barberIds)),
        db.select({ barberId: barberHours.barberId, weekday: barberHours.weekday }).from(barberHours).where(inArray(barberHours.barberId, barberIds)),
      ])
    : [[], []];
  const shopWeekdays = [...new Set(hours.map((h) => h.weekday))];
  const onlineIds = new Set(serviceRows.map((s) => s.id));

  return {
    shop: {
      id: shop.id,
      slug: shop.slug,
      name: shop.name,
      address: shop.address,
      neighborhood: shop.neighborhood,
      city: shop.city,
      state: shop.state,
      timezone: shop.timezone,
      agenda_time_interval: shop.agendaTimeInterval,
      logo_url: shop.logoUrl,
      opening_hours: hours.map((h) => ({ weekday: h.weekday, opens: hhmm(h.opens), closes: hhmm(h.closes) })),
    },
    barbers: barberRows.map((b) => {
      const own = [...new Set(ownHours.filter((h) => h.barberId === b.id).map((h) => h.weekday))];
      // A barber without hours of his own on a weekday works the shop's hours that day.
      const weekdays = [0, 1, 2, 3, 4, 5, 6].filter((d) => own.includes(d) || shopWeekdays.includes(d));
      return {
        id: b.id,
        name: b.name,
        avatar_url: b.avatarUrl,
        rating_avg: Number(b.ratingAvg),
        rating_count: b.ratingCount,
        bio: b.bio,
        service_ids: links.filter((l) => l.barberId === b.id && onlineIds.has(l.serviceId)).map((l) => l.serviceId),
        working_weekdays: weekdays,
      };
    }),
    services: serviceRows.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      price: s.price,
      duration_minutes: s.durationMinutes,
      category: s.category,
    })),
    products: productRows.map((p) => ({ id: p.id, name: p.name, price: p.price })),
    today: toWallClock(now, shop.timezone).date,
  };
}
