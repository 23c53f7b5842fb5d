// Small factories for booking tests: exactly the rows a test needs, nothing seeded.
import { NextRequest } from "next/server";
import { ZErrorBody } from "@/lib/contract/common";
import { toWallClock } from "@/lib/server/availability/zoned-time";
import type { Db } from "@/lib/server/db/client";
import { appointmentServices, appointments, barberServices, barbers, barbershops, products, services, shopHours, users } from "@/lib/server/db/schema";
import { tokenFor } from "./account";

let seq = 0;
const next = () => ++seq;

export async function createShop(db: Db, over: Partial<typeof barbershops.$inferInsert> = {}) {
  const n = next();
  const [shop] = await db
    .insert(barbershops)
    .values({
      slug: `shop-${n}-${Math.random().toString(36).slice(2, 8)}`,
      name: `Barbearia ${n}`,
      address: "Rua Augusta, 100",
      neighborhood: "Consolação",
      city: "São Paulo",
      citySlug: "sao-paulo",
      state: "SP",
      latitude: -23.55,
      longitude: -46.65,
      agendaTimeInterval: 30,
      minNoticeMinutes: 0,
      ...over,
    })
    .returning();
  return shop;
}

/** Opens the shop every day of the week between the hours given. */
export async function openEveryDay(db: Db, shopId: number, opens = "09:00", closes = "18:00") {
  await db.insert(shopHours).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: shopId, weekday, opens, closes })));
}

export async function createBarber(db: Db, shopId: number, over: Partial<typeof barbers.$inferInsert> = {}) {
  const [barber] = await db
    .insert(barbers)
    .values({ barbershopId: shopId, name: `Barbeiro ${next()}`, ...over })
    .returning();
  return barber;
}

export async function createService(db: Db, shopId: number, over: Partial<typeof services.$inferInsert> = {}, performedBy: number[] = []) {
  const [service] = await db
    .insert(services)
    .values({ barbershopId: shopId, name: `Corte ${next()}`, price: "45.00", durationMinutes: 30, ...over })
    .returning();
  if (performedBy.length) await db.insert(barberServices).values(performedBy.map((barberId) => ({ barberId, serviceId: service.id })));
  return service;
}

export async function createProduct(db: Db, shopId: number, over: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await db
    .insert(products)
    .values({ barbershopId: shopId, name: `Pomada ${next()}`, price: "30.00", ...over })
    .returning();
  return product;
}

/** A client whose phone is proved (as after a WhatsApp code); `{ phoneProvedAt: null }` makes one that proved nothing. */
export async function createClient(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      name: `Cliente ${n}`,
      email: `cliente${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      phone: `+55119${String(10_000_000 + n * 7919 + Math.floor(Math.random() * 1e6)).slice(0, 8)}`,
      phoneProvedAt: new Date(),
      ...over,
    })
    .returning();
  const token = await tokenFor({ id: user.id, tokenVersion: user.tokenVersion });
  return { user, token };
}

/** An appointment written straight to the table (e.g. one that already happened). */
export async function insertAppointment(
  db: Db,
  v: { shopId: number; barberId: number; serviceId: number; clientId: number | null; startsAt: Date; minutes?: number; status?: string; clientName?: string },
) {
  const endsAt = new Date(v.startsAt.getTime() + (v.minutes ?? 30) * 60_000);
  const [row] = await db
    .insert(appointments)
    .values({
      barbershopId: v.shopId,
      barberId: v.barberId,
      clientId: v.clientId,
      clientName: v.clientName ?? "Cliente",
      status: v.status ?? "pending",
      startsAt: v.startsAt,
      endsAt,
      subtotal: "45.00",
      total: "45.00",
    })
    .returning();
  await db
    .insert(appointmentServices)
    .values({ appointmentId: row.id, serviceId: v.serviceId, name: "Corte", price: "45.00", durationMinutes: v.minutes ?? 30 });
  return row;
}

/** The shop-local date n days from today (São Paulo by default). */
export function localDate(daysFromToday: number, timeZone = "America/Sao_Paulo"): string {
  return toWallClock(new Date(Date.now() + daysFromToday * 86_400_000), timeZone).date;
}

/** A bookable shop: open every day 09:00–18:00, one barber performing a 30 and a 60 minute service, one product. */
export async function createBookableShop(db: Db, over: Partial<typeof barbershops.$inferInsert> = {}) {
  const shop = await createShop(db, over);
  await openEveryDay(db, shop.id);
  const barber = await createBarber(db, shop.id);
  const cut = await createService(db, shop.id, { name: "Corte", price: "45.00", durationMinutes: 30 }, [barber.id]);
  const beard = await createService(db, shop.id, { name: "Barba", price: "35.50", durationMinutes: 60 }, [barber.id]);
  const product = await createProduct(db, shop.id, { name: "Pomada", price: "29.90" });
  return { shop, barber, cut, beard, product };
}

export const req = (url: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; token?: string } = {}) => {
  const headers: Record<string, string> = { "accept-language": "en", ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] ??= "application/json";
  return new NextRequest(new URL(url, "http://localhost"), {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
};

export const params = <P>(p: P) => ({ params: Promise.resolve(p as Record<string, string>) });

/** An answer with the contract's error body, its status and code; answers the body. */
export async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(ZErrorBody.parse(body)).toBeTruthy();
  expect(body.code).toBe(code);
  return body as { error: string; code: string };
}
