import { TransactionRollbackError, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { GET as byName } from "@/app/v3/client/barbershops-by-name/route";
import { GET as placesRoute } from "@/app/v3/places/route";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { ZNameListQuery } from "@/lib/contract/search";
import { rowsOf } from "@/lib/server/shops/cards";
import { cityHighlights, listCityShops, shopSearchQuery, withNames } from "@/lib/server/shops/search";
import { makeShop } from "@/tests/factories/shops";

// A name typed as people type it: a letter missing or added in a word, no accents, any case. The search box's
// shops (/v3/places) and the list by name (/v3/client/barbershops-by-name) find it alike.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;
const req = (path: string) => new NextRequest(new URL(path, "http://localhost"));

let paulinho: { id: number };
let jorge: { id: number };
let ouro: { id: number };
let top: { id: number }[];

beforeAll(async () => {
  paulinho = await makeShop(db(), { name: "Barbearia Seu Paulinho", citySlug: "typo-city", city: "Cidade" });
  jorge = await makeShop(db(), { name: "Salão São Jorge", citySlug: "typo-city", city: "Cidade" });
  for (let i = 1; i <= 6; i++) await makeShop(db(), { name: `Barbearia Vizinha ${i}`, citySlug: "typo-city", city: "Cidade" });
  ouro = await makeShop(db(), { name: "Navalha de Ouro", citySlug: "typo-city", city: "Cidade" });
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

  it.each([
    ["a letter missing in its first word", "navlha de ouro"],
    ["a letter added in its first word", "navalhha de ouro"],
    ["a letter added in its last word", "navalha de ourro"],
    ["its words in another order, one with a typo", "ouro navalah"],
    ["a word still being typed", "navalha de ou"],
  ])("finds a shop by its name with %s", async (__, text) => {
    expect(await find(text)).toContain(ouro.id);
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

it("the list by name finds its shops by their words' index, and tests no shop's trigrams", async () => {
  // The typed words are matched against the table of the shops' words; the shops are then found by the exact index on
  // their names' words. A table this small is read whole unless told otherwise, and the partial indexes on the active
  // shops (their points, their count of reviews) would stand in for the words' (dropped here, and put back).
  const q = ZNameListQuery.parse({ name: "Barberia Estílo de Ouro" });
  const ctx = await withNames(db(), q);
  expect(ctx.names?.words).toEqual(expect.arrayContaining([["ouro"], ["barbearia"]]));
  let plan = "";
  await db()
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index barbershops_earth_idx`);
      await tx.execute(sql`drop index barbershops_reviews_idx`);
      plan = rowsOf(await tx.execute(sql`explain ${shopSearchQuery(q, ctx)}`))
        .map((r) => String(Object.values(r)[0]))
        .join("\n");
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  expect(plan).toMatch(/Bitmap Index Scan on barbershops_name_words_idx/);
  expect(plan).toMatch(/Index Cond: \(+name_words && /);
  expect(plan).not.toMatch(/name_fold %>|regexp_split_to_table|Seq Scan on barbershops/);
});

it("keeps the table of the shops' words current when a shop is renamed, and finds it by its new name at once", async () => {
  const words = async () =>
    Object.fromEntries(
      rowsOf(await db().execute(sql`select word, names from shop_words where word in ('navalha', 'tesoura', 'dourada', 'ouro')`)).map((r) => [
        String(r.word),
        Number(r.names),
      ]),
    );
  const initial = await words();
  const shop = await makeShop(db(), { name: "Navalha Renomeada", citySlug: "typo-city", city: "Cidade" });
  const before = await words();
  expect(before.navalha).toBe(initial.navalha + 1);
  await db().execute(sql`update barbershops set name = 'Tesoura Dourada' where id = ${shop.id}`);
  const after = await words();
  expect(after.navalha).toBe(before.navalha - 1);
  expect(after.tesoura).toBe((before.tesoura ?? 0) + 1);
  expect(after.dourada).toBe(1);
  expect(await listed("tesoura dourda")).toEqual([shop.id]);
  expect(await suggested("tesourra dourada")).toEqual([shop.id]);
  expect(await listed("navalha renomeada")).toEqual([]);
  // A word no shop has any more leaves the table.
  await db().execute(sql`update barbershops set name = 'Navalha Renomeada' where id = ${shop.id}`);
  expect((await words()).dourada).toBeUndefined();
  expect(await listed("navalha renomeda")).toEqual([shop.id]);
  await db().execute(sql`delete from barbershops where id = ${shop.id}`);
  expect(await words()).toEqual(initial);
});

it("a city's shops go best rated first, then the most reviewed (the city page and home's \"Mais avaliadas\")", async () => {
  const page = await listCityShops(db(), "rated-city", { skip: 0, limit: 10 });
  expect(page.items.map((s) => s.id)).toEqual([top[2].id, top[1].id, top[0].id, top[3].id]);
  const [city] = await cityHighlights(db(), ["rated-city"]);
  expect(city.top.map((s) => s.id).slice(0, 3)).toEqual([top[2].id, top[1].id, top[0].id]);
});
