import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { tokenFor } from "@/tests/factories/account";
import { GET as barberServicesRoute } from "@/app/v3/barbershop/[barbershop_id]/barber/[barber_id]/services/route";
import { GET as servicesRoute } from "@/app/v3/barbershop/services/[barbershop_id]/route";
import { GET as teamRoute } from "@/app/v3/barbershop/team/barbers/[barbershop_id]/route";
import { GET as bySlug } from "@/app/v3/client/barbershop-by-slug/route";
import { GET as shopData } from "@/app/v3/client/barbershop-data/[barbershop_id]/route";
import { GET as reviewsRoute } from "@/app/v3/client/barbershop/[barbershop_id]/reviews/route";
import { ZBarberList, ZReviewList, ZServiceList, ZShopAnswer, ZShopData } from "@/lib/contract/search";
import type { Db } from "@/lib/server/db/client";
import { barbershops, favorites, serviceBookings, shopHours, shopSlugHistory } from "@/lib/server/db/schema";
import { loadBookingContext } from "@/lib/server/appointments/booking-context";
import { useTestDb } from "@/lib/server/db/testing";
import { findClosedShop, findRenamedShopSlug } from "@/lib/server/shops/detail";
import { linkBarberService, makeBarber, makeClient, makeProduct, makeReview, makeService, makeShop } from "@/tests/factories/shops";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const req = (path: string, init?: RequestInit) => new NextRequest(new URL(path, "http://localhost"), init as never);
const params = <T>(p: T) => ({ params: Promise.resolve(p as Record<string, string>) });

let shop: { id: number; slug: string };
let barberA: { id: number };
let barberB: { id: number };
let cut: { id: number };
let beard: { id: number };

beforeAll(async () => {
  shop = await makeShop(db(), {
    slug: "navalha-pinheiros",
    name: "Navalha Pinheiros",
    description: "Cortes clássicos.",
    photos: ["/a.jpg", "/b.jpg"],
    amenities: ["wifi", "coffee"],
    ratingAvg: "4.33",
    ratingCount: 3,
  });
  await db()
    .insert(shopHours)
    .values([
      { barbershopId: shop.id, weekday: 1, opens: "09:00", closes: "12:00" },
      { barbershopId: shop.id, weekday: 1, opens: "13:00", closes: "19:00" },
    ]);
  barberA = await makeBarber(db(), shop.id, { name: "Ana", ratingCount: 5 });
  barberB = await makeBarber(db(), shop.id, { name: "Bruno" });
  await makeBarber(db(), shop.id, { name: "Saiu", isActive: false });
  cut = await makeService(db(), shop.id, { name: "Corte", price: "50.00", durationMinutes: 40 });
  beard = await makeService(db(), shop.id, { name: "Barba", price: "35.00", durationMinutes: 20, category: "beard" });
  await makeService(db(), shop.id, { name: "Só no balcão", isOnline: false });
  await linkBarberService(db(), barberA.id, cut.id);
  await linkBarberService(db(), barberA.id, beard.id);
  await linkBarberService(db(), barberB.id, cut.id);
  await makeProduct(db(), shop.id, { name: "Pomada", price: "30.00" });
  await makeReview(db(), shop.id, barberA.id, 5, "Excelente", new Date("2026-01-03T10:00:00Z"));
  await makeReview(db(), shop.id, barberA.id, 5, null, new Date("2026-01-02T10:00:00Z"));
  await makeReview(db(), shop.id, barberB.id, 3, "Good cut, but I waited twenty minutes.", new Date("2026-01-01T10:00:00Z"));
});

describe("GET /v3/client/barbershop-by-slug", () => {
  it("answers the shop with its hours, photos and amenities", async () => {
    const res = await bySlug(req("/v3/client/barbershop-by-slug?slug=navalha-pinheiros"));
    expect(res.status).toBe(200);
    const body = ZShopAnswer.parse(await res.json());
    expect(body.barbershop).toMatchObject({
      id: shop.id,
      name: "Navalha Pinheiros",
      photos: ["/a.jpg", "/b.jpg"],
      amenities: ["wifi", "coffee"],
      timezone: "America/Sao_Paulo",
      is_new: true,
      is_favorite: false,
      opening_hours: [
        { weekday: 1, opens: "09:00", closes: "12:00" },
        { weekday: 1, opens: "13:00", closes: "19:00" },
      ],
    });
  });

  it("marks a favourite for the signed-in client", async () => {
    const client = await makeClient(db());
    await db().insert(favorites).values({ userId: client.id, barbershopId: shop.id });
    const token = await tokenFor({ id: client.id, tokenVersion: 0 });
    const res = await bySlug(req("/v3/client/barbershop-by-slug?slug=navalha-pinheiros", { headers: { authorization: `Bearer ${token}` } }));
    expect((await res.json()).barbershop.is_favorite).toBe(true);
  });

  it("answers 404 for an unknown slug and 400 without one", async () => {
    const missing = await bySlug(req("/v3/client/barbershop-by-slug?slug=nope"));
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe("NOT_FOUND");
    expect((await bySlug(req("/v3/client/barbershop-by-slug"))).status).toBe(400);
  });
});

describe("GET /v3/client/barbershop-data/{id}", () => {
  it("answers the shop with its active barbers, online services and products", async () => {
    const res = await shopData(req(`/v3/client/barbershop-data/${shop.id}?latitude=-23.56&longitude=-46.69`), params({ barbershop_id: String(shop.id) }));
    expect(res.status).toBe(200);
    const body = ZShopData.parse(await res.json());
    expect(body.barbers.map((b) => b.name)).toEqual(["Ana", "Bruno"]);
    expect(body.services.map((s) => [s.name, s.price, s.duration_minutes])).toEqual([
      ["Corte", "50.00", 40],
      ["Barba", "35.00", 20],
    ]);
    expect(body.products).toEqual([expect.objectContaining({ name: "Pomada", price: "30.00" })]);
    expect(body.agenda_time_interval).toBe(15);
    expect(body.barbershop.distance_km).not.toBeNull();
  });

  it("answers 400 for a malformed id and 404 for an unknown one", async () => {
    expect((await shopData(req("/v3/client/barbershop-data/abc"), params({ barbershop_id: "abc" }))).status).toBe(400);
    expect((await shopData(req("/v3/client/barbershop-data/999999"), params({ barbershop_id: "999999" }))).status).toBe(404);
  });
});

describe("GET /v3/client/barbershop/{id}/reviews", () => {
  it("pages the newest reviews first with the average and the distribution", async () => {
    const res = await reviewsRoute(req(`/v3/client/barbershop/${shop.id}/reviews?limit=2`), params({ barbershop_id: String(shop.id) }));
    const body = ZReviewList.parse(await res.json());
    expect(body.items.map((r) => r.comment)).toEqual(["Excelente", null]);
    expect(body).toMatchObject({ total: 3, rating_count: 3, rating_avg: 4.33, distribution: { "1": 0, "2": 0, "3": 1, "4": 0, "5": 2 } });
    expect(body.items[0].created_at).toBe("2026-01-03T10:00:00.000Z");
    const next = ZReviewList.parse(
      await (await reviewsRoute(req(`/v3/client/barbershop/${shop.id}/reviews?skip=2&limit=2`), params({ barbershop_id: String(shop.id) }))).json(),
    );
    expect(next.items.map((r) => r.comment)).toEqual(["Good cut, but I waited twenty minutes."]);
    // Each comment's language, for the page's lang attribute: a single word, or none, is not told.
    expect([...body.items, ...next.items].map((r) => r.comment_lang)).toEqual([null, null, "en"]);
  });
});

describe("team and services", () => {
  it("lists the active barbers", async () => {
    const body = ZBarberList.parse(await (await teamRoute(req(`/v3/barbershop/team/barbers/${shop.id}`), params({ barbershop_id: String(shop.id) }))).json());
    expect(body.items.map((b) => b.name)).toEqual(["Ana", "Bruno"]);
    expect(body.total).toBe(2);
  });

  it("lists online services unless all_services=true", async () => {
    const online = ZServiceList.parse(
      await (await servicesRoute(req(`/v3/barbershop/services/${shop.id}?all_services=false`), params({ barbershop_id: String(shop.id) }))).json(),
    );
    expect(online.items.map((s) => s.name)).toEqual(["Corte", "Barba"]); // haircuts first
    const all = ZServiceList.parse(
      await (await servicesRoute(req(`/v3/barbershop/services/${shop.id}?all_services=true`), params({ barbershop_id: String(shop.id) }))).json(),
    );
    expect(all.total).toBe(3);
  });

  it("lists haircuts first, then beard, combos, care and colour, each the most booked first, then the shortest, the cheapest", async () => {
    const menu = await makeShop(db());
    const mk = (name: string, category: string, price: string, durationMinutes: number) =>
      makeService(db(), menu.id, { name, category, price, durationMinutes });
    const brows = await mk("Sobrancelha", "care", "15.00", 10);
    await mk("Barba", "beard", "30.00", 30);
    const fade = await mk("Degradê", "hair", "45.00", 40);
    await mk("Pezinho", "hair", "15.00", 10);
    const kid = await mk("Corte infantil", "hair", "35.00", 10);
    await mk("Corte + barba", "combo", "70.00", 60);
    await mk("Pigmentação", "color", "60.00", 45);
    await mk("Dia do noivo", "wedding", "190.00", 120);
    const names = async () =>
      ZServiceList.parse(await (await servicesRoute(req(`/v3/barbershop/services/${menu.id}`), params({ barbershop_id: String(menu.id) }))).json()).items.map(
        (s) => s.name,
      );
    const context = async () => (await loadBookingContext(db(), menu.slug))!.services.map((s) => s.name);
    // Nothing booked: by category, then the shortest, then the cheapest (an unknown category last).
    expect(await names()).toEqual(["Pezinho", "Corte infantil", "Degradê", "Barba", "Corte + barba", "Sobrancelha", "Pigmentação", "Dia do noivo"]);
    expect(await context()).toEqual(await names());
    // The fade is booked most, then the kid's cut: they come first among the haircuts, nowhere else moves.
    await db()
      .insert(serviceBookings)
      .values([
        { serviceId: fade.id, count: 9 },
        { serviceId: kid.id, count: 2 },
        { serviceId: brows.id, count: 50 },
      ]);
    expect(await names()).toEqual(["Degradê", "Corte infantil", "Pezinho", "Barba", "Corte + barba", "Sobrancelha", "Pigmentação", "Dia do noivo"]);
    expect(await context()).toEqual(await names());
  });

  it("lists the services a barber performs, and 404 for a barber of another shop", async () => {
    const body = ZServiceList.parse(
      await (await barberServicesRoute(req("/v3/x"), params({ barbershop_id: String(shop.id), barber_id: String(barberB.id) }))).json(),
    );
    expect(body.items.map((s) => s.id)).toEqual([cut.id]);
    const other = await makeShop(db());
    const res = await barberServicesRoute(req("/v3/x"), params({ barbershop_id: String(other.id), barber_id: String(barberA.id) }));
    expect(res.status).toBe(404);
  });

  it("answers 404 for an unknown shop", async () => {
    expect((await teamRoute(req("/v3/x"), params({ barbershop_id: "999999" }))).status).toBe(404);
    expect((await servicesRoute(req("/v3/x"), params({ barbershop_id: "999999" }))).status).toBe(404);
  });
});

describe("findClosedShop (the page a closed shop's old links reach)", () => {
  it("gives a shop that is no longer active, with where it was, and nothing for an open or unknown one", async () => {
    await makeShop(db(), {
      slug: "fechou-em-2026",
      name: "Barbearia do Zé & Filhos",
      neighborhood: "Vila Madalena",
      isActive: false,
      latitude: -23.55,
      longitude: -46.69,
    });
    await makeShop(db(), {
      slug: "fechada-sem-bairro",
      name: "Sem Bairro",
      neighborhood: "",
      city: "Campinas",
      isActive: false,
      latitude: -22.9,
      longitude: -47.06,
    });
    expect(await findClosedShop(db(), "fechou-em-2026")).toEqual({
      name: "Barbearia do Zé & Filhos",
      place: "Vila Madalena",
      latitude: -23.55,
      longitude: -46.69,
    });
    expect((await findClosedShop(db(), "fechada-sem-bairro"))?.place).toBe("Campinas");
    expect(await findClosedShop(db(), shop.slug)).toBeNull();
    expect(await findClosedShop(db(), "nunca-existiu")).toBeNull();
  });
});

describe("findRenamedShopSlug (a renamed shop's old links, shop_slug_history)", () => {
  const rename = (id: number, slug: string) => db().update(barbershops).set({ slug }).where(eq(barbershops.id, id));

  it("remembers every slug a shop leaves, whoever renames it, and answers the one it has now", async () => {
    const { id } = await makeShop(db(), { slug: "barbearia-do-ze-antiga", name: "Barbearia do Zé" });
    expect(await findRenamedShopSlug(db(), "barbearia-do-ze-antiga")).toBeNull();
    await rename(id, "dom-ze");
    await rename(id, "dom-ze-barbearia");
    expect(await findRenamedShopSlug(db(), "barbearia-do-ze-antiga")).toBe("dom-ze-barbearia");
    expect(await findRenamedShopSlug(db(), "dom-ze")).toBe("dom-ze-barbearia");
    // The API answers an app's old link with the shop, under the slug it has now.
    const old = await bySlug(req("/v3/client/barbershop-by-slug?slug=barbearia-do-ze-antiga"));
    expect(old.status).toBe(200);
    expect(ZShopAnswer.parse(await old.json()).barbershop).toMatchObject({ id, slug: "dom-ze-barbearia", name: "Barbearia do Zé" });
    // Its slug of now is not an old one; a change of anything else remembers nothing.
    expect(await findRenamedShopSlug(db(), "dom-ze-barbearia")).toBeNull();
    await db().update(barbershops).set({ name: "Dom Zé Barbearia" }).where(eq(barbershops.id, id));
    expect((await db().select().from(shopSlugHistory).where(eq(shopSlugHistory.barbershopId, id))).map((r) => r.slug).sort()).toEqual([
      "barbearia-do-ze-antiga",
      "dom-ze",
    ]);
    // Back to an old name: that slug is its own again, and the one it left leads to it.
    await rename(id, "dom-ze");
    expect(await findRenamedShopSlug(db(), "dom-ze")).toBeNull();
    expect(await findRenamedShopSlug(db(), "dom-ze-barbearia")).toBe("dom-ze");
    expect(await findRenamedShopSlug(db(), "barbearia-do-ze-antiga")).toBe("dom-ze");
  });

  it("an old slug another shop takes is that shop's, and a deleted shop's old slugs go with it", async () => {
    const first = await makeShop(db(), { slug: "navalha-centro" });
    await rename(first.id, "navalha-centro-sp");
    expect(await findRenamedShopSlug(db(), "navalha-centro")).toBe("navalha-centro-sp");
    const second = await makeShop(db(), { slug: "navalha-centro" });
    expect(await findRenamedShopSlug(db(), "navalha-centro")).toBeNull();
    await rename(second.id, "navalha-centro-2");
    expect(await findRenamedShopSlug(db(), "navalha-centro")).toBe("navalha-centro-2");
    await db().delete(barbershops).where(eq(barbershops.id, second.id));
    expect(await findRenamedShopSlug(db(), "navalha-centro")).toBeNull();
  });
});
