import { NextRequest } from "next/server";
import { GET as byName } from "@/app/v3/client/barbershops-by-name/route";
import { GET as placesRoute } from "@/app/v3/places/route";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { cityHighlights, listCityShops } from "@/lib/server/shops/search";
import { makeShop } from "@/tests/factories/shops";

// A name typed as people type it: a letter missing or added in a word, no accents, any case. The search box's
// shops (/v3/places) and the list by name (/v3/client/barbershops-by-name) find it alike.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const req = (path: string) => new NextRequest(new URL(path, "http://localhost"));

let paulinho: { id: number };
let jorge: { id: number };
let top: { id: number }[];

beforeAll(async () => {
  paulinho = await makeShop(db(), { name: "Barbearia Seu Paulinho", citySlug: "typo-city", city: "Cidade" });
  jorge = await makeShop(db(), { name: "Salão São Jorge", citySlug: "typo-city", city: "Cidade" });
  for (let i = 1; i <= 6; i++) await makeShop(db(), { name: `Barbearia Vizinha ${i}`, citySlug: "typo-city", city: "Cidade" });
  await makeShop(db(), { name: "Navalha de Ouro", citySlug: "typo-city", city: "Cidade" });
  // "Mais avaliadas": the best rating first, then the most reviews.
  top = [
    await makeShop(db(), { name: "Nota Quatro e Dois", citySlug: "rated-city", city: "Avaliada", ratingAvg: "4.20", ratingCount: 300 }),
    await makeShop(db(), { name: "Nota Quatro e Quatro", citySlug: "rated-city", city: "Avaliada", ratingAvg: "4.40", ratingCount: 12 }),
    await makeShop(db(), { name: "Nota Quatro e Quatro Mais", citySlug: "rated-city", city: "Avaliada", ratingAvg: "4.40", ratingCount: 40 }),
    await makeShop(db(), { name: "Sem Nota", citySlug: "rated-city", city: "Avaliada", ratingAvg: "0", ratingCount: 0 }),
  ];
});

async function listed(name: string): Promise<number[]> {
  const res = await byName(req(`/v3/client/barbershops-by-name?${new URLSearchParams({ name, limit: "50" })}`));
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: number }[] }).items.map((s) => s.id);
}

async function suggested(q: string): Promise<number[]> {
  const res = await placesRoute(req(`/v3/places?${new URLSearchParams({ q, shops: "10" })}`));
  expect(res.status).toBe(200);
  return ((await res.json()) as { shops: { id: number }[] }).shops.map((s) => s.id);
}

describe.each([
  ["the list by name", listed],
  ["the search box", suggested],
] as const)("%s", (_, find) => {
  it.each([
    ["as it is written", "Barbearia Seu Paulinho"],
    ["a letter missing", "barberia seu paulinho"],
    ["a letter missing in the last word", "barbearia seu paulino"],
    ["a letter added", "barbearia seu paullinho"],
    ["upper case", "BARBEARIA SEU PAULINHO"],
  ])("finds a shop by its name %s", async (__, text) => {
    expect((await find(text))[0]).toBe(paulinho.id);
  });

  it("finds a name without its accents, and with them", async () => {
    expect(await find("salao sao jorge")).toContain(jorge.id);
    expect(await find("Salão São Jorge")).toContain(jorge.id);
    expect(await find("SALAO SAO JORGEE")).toContain(jorge.id);
  });

  it("does not find what is not nearly the name", async () => {
    expect(await find("barbearia seu joaquim")).not.toContain(paulinho.id);
    expect(await find("zzzqqq")).toEqual([]);
  });
});

it("the list by name still finds a part of a name, and only the shops that have it", async () => {
  const ids = await listed("vizinha");
  expect(ids).toHaveLength(6);
  expect(ids).not.toContain(paulinho.id);
});

it("a city's shops go best rated first, then the most reviewed (the city page and home's \"Mais avaliadas\")", async () => {
  const page = await listCityShops(db(), "rated-city", { skip: 0, limit: 10 });
  expect(page.items.map((s) => s.id)).toEqual([top[2].id, top[1].id, top[0].id, top[3].id]);
  const [city] = await cityHighlights(db(), ["rated-city"]);
  expect(city.top.map((s) => s.id).slice(0, 3)).toEqual([top[2].id, top[1].id, top[0].id]);
});
