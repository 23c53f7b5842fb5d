import { sql } from "drizzle-orm";
import { tokenFor } from "@/tests/factories/account";
import { NextRequest } from "next/server";
import { GET as byName } from "@/app/v3/client/barbershops-by-name/route";
import { GET as home } from "@/app/v3/client/barbershops-with-location-home/route";
import { GET as search } from "@/app/v3/client/barbershops-with-location-search/route";
import { GET as placesRoute } from "@/app/v3/places/route";
import { type TShopSearch, ZPlaceList, ZShopCardList } from "@/lib/contract/search";
import type { Db } from "@/lib/server/db/client";
import { favorites } from "@/lib/server/db/schema";
import { useTestDb } from "@/lib/server/db/testing";
import { rowsOf, toShopCard } from "@/lib/server/shops/cards";
import { findPlace, nearestPlace, placeByLabel } from "@/lib/server/shops/places";
import { compiledListStatement, directListStatement, searchShops, shopSearchQuery } from "@/lib/server/shops/search";
import { makeClient, makePlace, makeService, makeShop, north, openAllWeek, PINHEIROS } from "@/tests/factories/shops";
import { shopHours } from "@/lib/server/db/schema";

const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const P = PINHEIROS;
const req = (path: string, init?: RequestInit) => new NextRequest(new URL(path, "http://localhost"), init as never);
const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

async function list(handler: typeof home, path: string, params: Record<string, string | number | undefined>, init?: RequestInit) {
  const res = await handler(req(`${path}?${qs(params)}`, init));
  const body = await res.json();
  return { status: res.status, body };
}
const homeList = (params: Record<string, string | number | undefined>, init?: RequestInit) =>
  list(home, "/v3/client/barbershops-with-location-home", { latitude: P.latitude, longitude: P.longitude, ...params }, init);

// A neighbourhood of 25 shops 0.08–2.48 km north of the point, plus a few with distinct traits.
const shopIds: number[] = [];
let cheapMorning: { id: number };
let priceyNight: { id: number };
let beardOnly: { id: number };
let farAway: { id: number };

beforeAll(async () => {
  for (let i = 1; i <= 25; i++) {
    const shop = await makeShop(db(), {
      name: i === 7 ? "Navalha de Ouro" : `Barbearia Vizinha ${i}`,
      latitude: north(P.latitude, i * 0.1 - 0.02),
      longitude: P.longitude,
      ratingAvg: String((i % 5) + (i % 2 ? 0.5 : 0)).slice(0, 4),
      ratingCount: i,
      priceFrom: `${20 + i}.00`,
      priceTo: `${60 + i}.00`,
    });
    shopIds.push(shop.id);
  }
  cheapMorning = await makeShop(db(), { name: "Manhã Barata", latitude: north(P.latitude, 0.05), priceFrom: "10.00", priceTo: "15.00" });
  await db()
    .insert(shopHours)
    .values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ barbershopId: cheapMorning.id, weekday, opens: "07:00", closes: "11:00" })));
  priceyNight = await makeShop(db(), { name: "Noite Cara", latitude: north(P.latitude, 0.06), priceFrom: "200.00", priceTo: "300.00" });
  await openAllWeek(db(), priceyNight.id, "19:00", "23:30");
  beardOnly = await makeShop(db(), { name: "Só Barba", latitude: north(P.latitude, 0.07), priceFrom: null, priceTo: null });
  await makeService(db(), beardOnly.id, { category: "beard" });
  farAway = await makeShop(db(), { name: "Barbearia Distante", latitude: north(P.latitude, 60), citySlug: "campinas", city: "Campinas" });
  await makeShop(db(), { name: "Barbearia Fechada Para Sempre", latitude: north(P.latitude, 0.02), isActive: false });
});

describe("GET /v3/client/barbershops-with-location-home", () => {
  it("lists the shops within 0.5 km by default, nearest first, with distances", async () => {
    const { status, body } = await homeList({});
    expect(status).toBe(200);
    expect(ZShopCardList.parse(body)).toEqual(body);
    const distances = body.items.map((s: { distance_km: number }) => s.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(0.5);
    // 5 neighbours (0.1–0.5 km) and the three special shops; the inactive one never shows.
    expect(body.total).toBe(8);
    expect(body.items[0].name).toBe("Manhã Barata");
    expect(body.items[0].distance_km).toBeCloseTo(0.05, 2);
    expect(body.items.map((s: { name: string }) => s.name)).not.toContain("Barbearia Fechada Para Sempre");
  });

  it("pages through a wider radius with skip and limit and reports the total", async () => {
    const first = await homeList({ distance: 5, limit: 20 });
    expect(first.body.items).toHaveLength(20);
    expect(first.body.total).toBe(28);
    expect(first.body).toMatchObject({ skip: 0, limit: 20 });
    const second = await homeList({ distance: 5, limit: 20, skip: 20 });
    expect(second.body.items).toHaveLength(8);
    expect(second.body.total).toBe(28);
    const ids = [...first.body.items, ...second.body.items].map((s: { id: number }) => s.id);
    expect(new Set(ids).size).toBe(28);
    expect(ids).not.toContain(farAway.id);
  });

  it("sorts by rating, best first", async () => {
    const { body } = await homeList({ distance: 5, sort: "rating", limit: 100 });
    const ratings = body.items.map((s: { rating_avg: number }) => s.rating_avg);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings[0]).toBeGreaterThan(ratings[ratings.length - 1]);
  });

  it("sorts by price, cheapest first, shops without prices last", async () => {
    const { body } = await homeList({ distance: 5, sort: "price", limit: 100 });
    const prices = body.items.map((s: { price_from: string | null }) => s.price_from);
    expect(prices[0]).toBe("10.00");
    expect(prices[prices.length - 1]).toBeNull();
    const numeric = prices.filter((p: string | null) => p !== null).map(Number);
    expect(numeric).toEqual([...numeric].sort((a, b) => a - b));
  });

  it("filters by price range overlap", async () => {
    const cheap = await homeList({ distance: 5, max_price: 20, limit: 100 });
    expect(cheap.body.items.map((s: { id: number }) => s.id)).toEqual([cheapMorning.id]);
    const pricey = await homeList({ distance: 5, min_price: 150, limit: 100 });
    expect(pricey.body.items.map((s: { id: number }) => s.id)).toEqual([priceyNight.id]);
    const middle = await homeList({ distance: 5, min_price: 70, max_price: 80, limit: 100 });
    // Shops whose [20+i, 60+i] meets [70, 80]: i = 10..25 → 16 shops.
    expect(middle.body.total).toBe(16);
  });

  it("filters by the period in which a shop is open today", async () => {
    const morning = await homeList({ distance: 1, period: "morning" });
    expect(morning.body.items.map((s: { id: number }) => s.id)).toEqual([cheapMorning.id]);
    const night = await homeList({ distance: 1, period: "night" });
    expect(night.body.items.map((s: { id: number }) => s.id)).toEqual([priceyNight.id]);
    const afternoon = await homeList({ distance: 1, period: "afternoon" });
    expect(afternoon.body).toMatchObject({ items: [], total: 0 });
  });

  it("filters by service category", async () => {
    const { body } = await homeList({ distance: 5, category: "beard" });
    expect(body.items.map((s: { id: number }) => s.id)).toEqual([beardOnly.id]);
  });

  it("marks favourites for the signed-in client, whatever client_id says", async () => {
    const client = await makeClient(db());
    const other = await makeClient(db());
    await db().insert(favorites).values({ userId: client.id, barbershopId: cheapMorning.id });
    const token = await tokenFor({ id: client.id, tokenVersion: 0 });
    const signedIn = await homeList({ client_id: other.id }, { headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.body.items.find((s: { id: number }) => s.id === cheapMorning.id).is_favorite).toBe(true);
    const anonymous = await homeList({ client_id: client.id });
    expect(anonymous.body.items.every((s: { is_favorite: boolean }) => !s.is_favorite)).toBe(true);
  });

  it.each([
    ["latitude out of range", { latitude: 91 }],
    ["longitude not a number", { longitude: "abc" }],
    ["missing latitude", { latitude: "" }],
    ["distance above the maximum", { distance: 51 }],
    ["distance zero", { distance: 0 }],
    ["unknown sort", { sort: "cheapest" }],
    ["unknown period", { period: "dawn" }],
    ["min price above max price", { min_price: 50, max_price: 10 }],
    ["limit above 100", { limit: 101 }],
    ["negative skip", { skip: -1 }],
  ])("answers 400 VALIDATION_FAILED for %s", async (_label, params) => {
    const { status, body } = await homeList(params as Record<string, string | number>);
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.details.length).toBeGreaterThan(0);
  });
});

describe("GET /v3/client/barbershops-with-location-search", () => {
  it("narrows the location list by name", async () => {
    const { body } = await list(search, "/v3/client/barbershops-with-location-search", { ...P, distance: 5, name: "ouro" });
    expect(body.items.map((s: { name: string }) => s.name)).toEqual(["Navalha de Ouro"]);
  });

  it("treats % and _ in the name as plain text", async () => {
    const { body } = await list(search, "/v3/client/barbershops-with-location-search", { ...P, distance: 5, name: "%" });
    expect(body.total).toBe(0);
  });
});

describe("GET /v3/client/barbershops-by-name", () => {
  it("finds shops by name anywhere when no position is given", async () => {
    const { status, body } = await list(byName, "/v3/client/barbershops-by-name", { name: "distante" });
    expect(status).toBe(200);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: farAway.id, distance_km: null });
  });

  it("keeps to 5 km of the position by default", async () => {
    const { body } = await list(byName, "/v3/client/barbershops-by-name", { name: "barbearia", ...P });
    expect(body.items.map((s: { id: number }) => s.id)).not.toContain(farAway.id);
    expect(body.total).toBe(24);
    expect(body.items.every((s: { distance_km: number }) => s.distance_km <= 5)).toBe(true);
  });

  it("requires a name and both coordinates together", async () => {
    expect((await list(byName, "/v3/client/barbershops-by-name", {})).status).toBe(400);
    expect((await list(byName, "/v3/client/barbershops-by-name", { name: "x", latitude: P.latitude })).status).toBe(400);
  });
});

describe("the list query", () => {
  it.each(["rating", "price"] as const)("gives the same %s-sorted page whether it walks the radius or the sort index", async (sort) => {
    const q = { ...P, distance: 5, sort, skip: 0, limit: 100 };
    const ids = async (plan: "box" | "ordered") => rowsOf(await db().execute(shopSearchQuery(q, {}, plan))).map((r) => Number(r.id));
    const box = await ids("box");
    expect(box).toHaveLength(28);
    expect(await ids("ordered")).toEqual(box);
    expect((await searchShops(db(), q)).items.map((s) => s.id)).toEqual(box);
  });

  it("writes each card in PostgreSQL exactly as the typed mapping of its columns would (the API sends that text as it is)", async () => {
    const q = { ...P, distance: 5, sort: "distance" as const, skip: 0, limit: 100 };
    const typed = rowsOf(await db().execute(shopSearchQuery(q))).map(toShopCard);
    expect(typed).toHaveLength(28);
    expect(typed.some((c) => c.price_from === null) && typed.some((c) => c.price_from === "21.00")).toBe(true);
    const res = await home(req(`/v3/client/barbershops-with-location-home?${qs({ ...P, distance: 5, limit: 100 })}`));
    expect(res.headers.get("content-type")).toBe("application/json");
    const body = await res.json();
    expect(body).toEqual({ items: typed, total: 28, skip: 0, limit: 100 });
    expect((await searchShops(db(), q)).items).toEqual(typed);
  });

  it("binds each search's values into the statement compiled once for its shape", () => {
    const kinds = ["count", "page", "page+count"] as const;
    // A search, and that search with each thing that can change a statement's text changed alone.
    const base: TShopSearch = { ...P, distance: 0.5, sort: "distance", skip: 0, limit: 20 };
    const searches: TShopSearch[] = [
      base,
      { ...base, latitude: undefined, longitude: undefined },
      { ...base, sort: "rating" },
      { ...base, sort: "price" },
      { ...base, name: "50%_off\\" },
      { ...base, min_price: 0 },
      { ...base, max_price: 80 },
      { ...base, period: "morning" },
      { ...base, period: "night" },
      { ...base, category: "beard" },
      { ...base, category: "hair" },
      { ...P, distance: 5, sort: "rating", skip: 40, limit: 10, name: "Navalha", min_price: 10, max_price: 80, period: "afternoon", category: "combo" },
    ];
    const contexts = [{}, { clientId: 7 }, { now: new Date("2026-03-01T12:00:00Z") }, { clientId: 9, now: new Date("2026-03-01T15:00:00Z") }];
    for (const kind of kinds)
      for (const plan of ["box", "ordered"] as const)
        for (const ctx of contexts)
          for (const q of searches) {
            // Twice, with other values in between: the second answer comes from the cache.
            const other = { ...q, skip: q.skip + 20, limit: 5, distance: q.distance / 2 };
            expect(compiledListStatement(kind, other, ctx, plan)).toEqual(directListStatement(kind, other, ctx, plan));
            expect(compiledListStatement(kind, q, ctx, plan)).toEqual(directListStatement(kind, q, ctx, plan));
          }
  });

  it("walks the GiST index on barbershops.earth, never a sequential scan of the shops", async () => {
    const query = shopSearchQuery({ ...P, distance: 5, sort: "distance", skip: 0, limit: 20 });
    // A table this small would be read whole by choice; the planner is told to prefer indexes,
    // as it does by itself on 100,000 shops (scripts/bench-search.ts prints that plan).
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf(await tx.execute(sql`explain ${query}`))
        .map((r) => String(Object.values(r)[0]))
        .join("\n");
    });
    expect(plan).toMatch(/barbershops_earth_idx/);
    expect(plan).not.toMatch(/Seq Scan on barbershops/);
  });
});

describe("GET /v3/places", () => {
  beforeAll(async () => {
    await makePlace(db(), { name: "Pinheiros" });
    await makePlace(db(), { name: "Jardim Paulista" });
    await makePlace(db(), { kind: "city", name: "São Paulo" });
  });

  it("suggests neighbourhoods and cities matching the typed text, with a label", async () => {
    const res = await placesRoute(req("/v3/places?q=pinh"));
    const body = ZPlaceList.parse(await res.json());
    expect(body.items[0]).toMatchObject({ name: "Pinheiros", kind: "neighborhood", label: "Pinheiros, São Paulo - SP" });
    const city = ZPlaceList.parse(await (await placesRoute(req("/v3/places?q=s%C3%A3o"))).json());
    expect(city.items[0]).toMatchObject({ kind: "city", label: "São Paulo - SP" });
  });

  it("tolerates a typo", async () => {
    const body = ZPlaceList.parse(await (await placesRoute(req("/v3/places?q=Pinheros"))).json());
    expect(body.items.map((p) => p.name)).toContain("Pinheiros");
  });

  it("answers 400 for a text shorter than two characters", async () => {
    const res = await placesRoute(req("/v3/places?q=p"));
    expect(res.status).toBe(400);
  });

  it("finds a place typed without its accents", async () => {
    const body = ZPlaceList.parse(await (await placesRoute(req("/v3/places?q=sao%20paulo"))).json());
    expect(body.items[0]).toMatchObject({ kind: "city", name: "São Paulo" });
  });
});

describe("nearestPlace (the name of a list opened from coordinates alone)", () => {
  // Curitiba, far from the São Paulo places of the other tests.
  const curitiba = { city: "Curitiba", citySlug: "curitiba", state: "PR" };
  beforeAll(async () => {
    await makePlace(db(), { ...curitiba, name: "Batel", latitude: -25.4425, longitude: -49.2885 });
    await makePlace(db(), { ...curitiba, name: "Centro", latitude: -25.4296, longitude: -49.2713 });
    await makePlace(db(), { ...curitiba, kind: "city", name: "Curitiba", latitude: -25.4284, longitude: -49.2733 });
  });

  it("names the nearest neighbourhood within 2 km, with the search box's label", async () => {
    // 500 m south of Batel's centre, 2.3 km from Centro's.
    expect(await nearestPlace(db(), -25.447, -49.2885)).toMatchObject({ kind: "neighborhood", name: "Batel", label: "Batel, Curitiba - PR" });
    // 100 m from Centro's, 2 km from Batel's: the nearer one.
    expect((await nearestPlace(db(), -25.43, -49.272))?.name).toBe("Centro");
  });

  it("knows its places' labels, and nothing else, as names for a list's preview", async () => {
    const batel = await placeByLabel(db(), "Batel, Curitiba - PR");
    expect(batel).toMatchObject({ kind: "neighborhood", name: "Batel" });
    expect(await placeByLabel(db(), "Curitiba - PR")).toMatchObject({ kind: "city", label: "Curitiba - PR" });
    for (const text of ["Batel", "Curitiba", "batel, curitiba - pr", "Batel, Curitiba - PR ", "Casa"]) expect(await placeByLabel(db(), text)).toBeNull();
    // A list's preview card names the place by its id.
    expect(await findPlace(db(), batel!.id)).toEqual(batel);
    expect(await findPlace(db(), 2_000_000_000)).toBeNull();
  });

  it("falls back on the city within 25 km, and on nothing farther", async () => {
    // 5 km south of Batel: no neighbourhood within 2 km, the city's centre 6.7 km away.
    expect(await nearestPlace(db(), -25.4875, -49.2885)).toMatchObject({ kind: "city", label: "Curitiba - PR" });
    // 41 km south.
    expect(await nearestPlace(db(), -25.8, -49.2885)).toBeNull();
  });
});

describe("GET /v3/places with shops (the search box)", () => {
  let zeca: { id: number; slug: string };
  let onStreet: { id: number };
  let inLapa: { id: number };
  let closed: { id: number };
  beforeAll(async () => {
    zeca = await makeShop(db(), { name: "Barbearia do Zéca Navalhada", address: "Rua Fradique Coutinho, 100", neighborhood: "Vila Madalena" });
    onStreet = await makeShop(db(), { name: "Corte Fino", address: "Rua Cônego Eugênio Leite, 455", neighborhood: "Pinheiros" });
    inLapa = await makeShop(db(), { name: "Tesoura de Ouro", address: "Rua Guaicurus, 9", neighborhood: "Lapa" });
    closed = await makeShop(db(), { name: "Navalhada Fechada", address: "Rua Fradique Coutinho, 200", neighborhood: "Vila Madalena", isActive: false });
  });
  const shopsFor = async (q: string, shops = 5) => {
    const res = await placesRoute(req(`/v3/places?${qs({ q, shops })}`));
    expect(res.status).toBe(200);
    return ZPlaceList.parse(await res.json()).shops;
  };

  it("finds a shop by its name whatever the accents and the case, and never an inactive one", async () => {
    const found = await shopsFor("ZECA navalhada");
    expect(found[0]).toMatchObject({ id: zeca.id, slug: zeca.slug, neighborhood: "Vila Madalena", city: "São Paulo", state: "SP" });
    expect(found.map((s) => s.id)).not.toContain(closed.id);
  });

  it("finds a shop by its street, typed without accents, and by its neighbourhood", async () => {
    expect((await shopsFor("conego eugenio")).map((s) => s.id)).toEqual([onStreet.id]);
    expect((await shopsFor("Lapa")).map((s) => s.id)).toContain(inLapa.id);
  });

  it("tolerates a typo in a word", async () => {
    expect((await shopsFor("Navalhda")).map((s) => s.id)).toContain(zeca.id);
    expect((await shopsFor("Guaicurs")).map((s) => s.id)).toContain(inLapa.id);
  });

  it("needs every word: a second word that matches nothing finds nothing", async () => {
    expect(await shopsFor("tesoura xyzwq")).toEqual([]);
  });

  it("sends no shops unless asked, nor for words shorter than three letters, and keeps the limit", async () => {
    const res = ZPlaceList.parse(await (await placesRoute(req("/v3/places?q=navalhada"))).json());
    expect(res.shops).toEqual([]);
    expect(await shopsFor("zé")).toEqual([]);
    expect((await shopsFor("barbearia", 2)).length).toBe(2);
  });

  it("takes a LIKE wildcard as a letter", async () => {
    expect(await shopsFor("%%%")).toEqual([]);
  });
});
