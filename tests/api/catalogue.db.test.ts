import { eq, sql } from "drizzle-orm";
import { GET as historyRoute } from "@/app/v3/staff/shops/[shop_id]/history/route";
import { DELETE as deleteProductRoute, PUT as putProductRoute } from "@/app/v3/staff/shops/[shop_id]/products/[product_id]/route";
import { GET as listProductsRoute, POST as createProductRoute } from "@/app/v3/staff/shops/[shop_id]/products/route";
import { DELETE as deleteServiceRoute, PUT as putServiceRoute } from "@/app/v3/staff/shops/[shop_id]/services/[service_id]/route";
import { GET as listServicesRoute, POST as createServiceRoute } from "@/app/v3/staff/shops/[shop_id]/services/route";
import type { Db } from "@/lib/server/db/client";
import { appointmentServices, barbershops, pageTags, products, services, staffChanges } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { call, makeAccount, params } from "@/tests/factories/account";
import { makeBooking, makeTwoShops } from "@/tests/factories/staff";

// Services and add-on products, as the owner and managers keep them: each rule of the input, each role, the bookings
// a change would leave with a barber who no longer does the service, and what clients see following.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

let f: Awaited<ReturnType<typeof makeTwoShops>>;
beforeAll(async () => {
  f = await makeTwoShops(db());
}, 60_000);

const shop = () => String(f.shopA.id);
const base = () => `/v3/staff/shops/${shop()}`;
const sp = (more: Record<string, string> = {}) => params({ shop_id: shop(), ...more });
const input = (over: Record<string, unknown> = {}) => ({
  name: "Corte degradê",
  description: "Máquina e tesoura.",
  description_en: "Clippers and scissors.",
  description_es: null,
  duration_minutes: 40,
  price: "55.00",
  category: "hair",
  sort_order: 2,
  barber_ids: [f.barberA1.id, f.barberA2.id],
  ...over,
});
const create = (token: string, body: unknown, lng = "en") => createServiceRoute(call(`${base()}/services`, { method: "POST", token, body, lng }), sp());
const update = (token: string, id: number, body: unknown, q = "") =>
  putServiceRoute(call(`${base()}/services/${id}${q}`, { method: "PUT", token, body }), sp({ service_id: String(id) }));
const priceRange = async () =>
  (await db().select({ from: barbershops.priceFrom, to: barbershops.priceTo }).from(barbershops).where(eq(barbershops.id, f.shopA.id)))[0];
const tagVersion = async () => {
  const rows = await db()
    .select({ v: pageTags.version })
    .from(pageTags)
    .where(eq(pageTags.tag, `shop:${f.shopA.slug}`));
  return Math.max(0, ...rows.map((r) => Number(r.v)));
};

describe("services", () => {
  it("lets the owner and a manager add one with its three descriptions, order and barbers; the shop's prices and page follow", async () => {
    const tagsBefore = await tagVersion();
    const res = await create(f.a.manager.token, input());
    expect(res.status).toBe(201);
    const { service } = await res.json();
    expect(service).toMatchObject({
      name: "Corte degradê",
      description_en: "Clippers and scissors.",
      description_es: null,
      duration_minutes: 40,
      price: "55.00",
      sort_order: 2,
      is_online: true,
      barber_ids: [f.barberA1.id, f.barberA2.id].sort((a, b) => a - b),
    });
    expect(await priceRange()).toEqual({ from: "55.00", to: "55.00" });
    expect(await tagVersion()).toBeGreaterThan(tagsBefore);
    const cheap = await (await create(f.a.owner.token, input({ name: "Barba", price: "30.00", sort_order: 1, barber_ids: [] }))).json();
    expect(await priceRange()).toEqual({ from: "30.00", to: "55.00" });
    // Listed in the shop's order.
    const list = (await (await listServicesRoute(call(`${base()}/services`, { token: f.a.barber.token }), sp())).json()).items;
    expect(list.map((s: { id: number }) => s.id)).toEqual([cheap.service.id, service.id]);
    const [change] = await db().select().from(staffChanges).where(eq(staffChanges.subjectId, service.id));
    expect(change).toMatchObject({ action: "service.create", actorUserId: f.a.manager.user.id, before: null });
  });

  it("refuses a duration off the 5-minute grid, a price of zero, an empty name and a barber of another shop, saving nothing", async () => {
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(services)
          .where(eq(services.barbershopId, f.shopA.id))
      )[0].n;
    const before = await count();
    const grid = await create(f.a.owner.token, input({ duration_minutes: 42 }), "pt-BR");
    expect(grid.status).toBe(400);
    expect((await grid.json()).details).toEqual([{ path: "duration_minutes", message: "A duração deve ser múltipla de 5 minutos." }]);
    const free = await create(f.a.owner.token, input({ price: "0.00" }), "es");
    expect((await free.json()).details).toEqual([{ path: "price", message: "El precio debe ser mayor que cero." }]);
    expect((await create(f.a.owner.token, input({ name: " " }))).status).toBe(400);
    const other = await create(f.a.owner.token, input({ barber_ids: [f.barberB.id] }));
    expect(other.status).toBe(403);
    expect((await other.json()).code).toBe("NOT_OF_SHOP");
    expect(await count()).toBe(before);
  });

  it("is not for the front desk nor a barber", async () => {
    const [existing] = await db().select().from(services).where(eq(services.barbershopId, f.shopA.id)).limit(1);
    for (const member of [f.a.frontDesk, f.a.barber]) {
      expect((await create(member.token, input())).status).toBe(403);
      const res = await update(member.token, existing.id, input({ price: "99.00" }));
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("STAFF_PERMISSION");
    }
    const [same] = await db().select().from(services).where(eq(services.id, existing.id));
    expect(same.price).toBe(existing.price);
  });

  it("lists the bookings left with a barber taken off the service (409) and saves nothing until they are kept", async () => {
    const { service } = await (await create(f.a.owner.token, input({ name: "Pigmentação", price: "80.00" }))).json();
    const client = await makeAccount(db());
    const booking = await makeBooking(db(), f.shopA.id, f.barberA2.id, new Date(Date.now() + 10 * 86_400_000), { clientId: client.user.id });
    await db()
      .insert(appointmentServices)
      .values({ appointmentId: booking.id, serviceId: service.id, name: "Pigmentação", price: "80.00", durationMinutes: 40 });
    const res = await update(f.a.manager.token, service.id, input({ name: "Pigmentação", price: "90.00", barber_ids: [f.barberA1.id] }));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({
      code: "BOOKINGS_IN_THE_WAY",
      bookings: [expect.objectContaining({ id: booking.id, barber: expect.objectContaining({ id: f.barberA2.id }) })],
    });
    const [unchanged] = await db().select().from(services).where(eq(services.id, service.id));
    expect(unchanged.price).toBe("80.00");
    const kept = await update(f.a.manager.token, service.id, input({ name: "Pigmentação", price: "90.00", barber_ids: [f.barberA1.id] }), "?confirm=keep");
    expect(kept.status).toBe(200);
    expect((await kept.json()).service).toMatchObject({ price: "90.00", barber_ids: [f.barberA1.id] });
    expect((await priceRange()).to).toBe("90.00");

    // Taking it off the menu with a booking of it to come: listed, then kept.
    const del = (q = "") =>
      deleteServiceRoute(call(`${base()}/services/${service.id}${q}`, { method: "DELETE", token: f.a.owner.token }), sp({ service_id: String(service.id) }));
    expect((await del()).status).toBe(409);
    expect((await del("?confirm=keep")).status).toBe(200);
    const [off] = await db().select().from(services).where(eq(services.id, service.id));
    expect(off.isActive).toBe(false);
    expect((await priceRange()).to).toBe("55.00");
    // Another shop's service is refused (403).
    const [ofB] = await db().insert(services).values({ barbershopId: f.shopB.id, name: "B", price: "10.00", durationMinutes: 30 }).returning();
    expect((await update(f.a.owner.token, ofB.id, input())).status).toBe(403);
  });
});

describe("products", () => {
  it("are added, changed and taken off sale by the owner and managers, each change recorded", async () => {
    const created = await createProductRoute(
      call(`${base()}/products`, { method: "POST", token: f.a.manager.token, body: { name: "Pomada modeladora", price: "35.00" } }),
      sp(),
    );
    expect(created.status).toBe(201);
    const { product } = await created.json();
    expect(product).toMatchObject({ name: "Pomada modeladora", price: "35.00" });
    const zero = await createProductRoute(
      call(`${base()}/products`, { method: "POST", token: f.a.manager.token, body: { name: "Grátis", price: "0.00" } }),
      sp(),
    );
    expect(zero.status).toBe(400);
    const desk = await createProductRoute(
      call(`${base()}/products`, { method: "POST", token: f.a.frontDesk.token, body: { name: "Óleo", price: "20.00" } }),
      sp(),
    );
    expect(desk.status).toBe(403);
    const pp = sp({ product_id: String(product.id) });
    const changed = await putProductRoute(
      call(`${base()}/products/${product.id}`, { method: "PUT", token: f.a.owner.token, body: { name: "Pomada", price: "39.90" } }),
      pp,
    );
    expect((await changed.json()).product).toMatchObject({ name: "Pomada", price: "39.90" });
    expect((await deleteProductRoute(call(`${base()}/products/${product.id}`, { method: "DELETE", token: f.a.owner.token }), pp)).status).toBe(200);
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row.isActive).toBe(false);
    const list = (await (await listProductsRoute(call(`${base()}/products`, { token: f.a.barber.token }), sp())).json()).items;
    expect(list.map((p: { id: number }) => p.id)).not.toContain(product.id);
    const history = await (await historyRoute(call(`${base()}/history?subject=product`, { token: f.a.owner.token }), sp())).json();
    expect(history.items.map((i: { action: string }) => i.action)).toEqual(["product.delete", "product.update", "product.create"]);
    expect(history.items[1]).toMatchObject({
      before: { name: "Pomada modeladora", price: "35.00" },
      after: { name: "Pomada", price: "39.90" },
      actor: { roles: ["owner", "barber"] },
    });
  });
});
