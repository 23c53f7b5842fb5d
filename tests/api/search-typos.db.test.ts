import { TransactionRollbackError, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { GET as byName } from "@/app/v3/client/barbershops-by-name/route";
import { GET as placesRoute } from "@/app/v3/places/route";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { ZNameListQuery } from "@/lib/contract/search";
import { rowsOf } from "@/lib/server/shops/cards";
import { cityHighlights, listCityShops, shopSearchQuery } from "@/lib/server/shops/search";
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

it("the list by name tests each word through the trigram index, and no shop word by word", async () => {
  // On 100,000 shops half the names have "barbearia": the rarest word's index test must lead, which needs each
  // word to be a test of barbershops_name_fold_trgm_idx. A table this small is read whole unless told otherwise, and
  // the partial indexes on the active shops (their points, their count of reviews) would stand in for the name's
  // (dropped here, and put back). On 100,000 shops a name most shops nearly have walks barbershops_reviews_idx.
  const query = shopSearchQuery(ZNameListQuery.parse({ name: "Barberia Estílo de Ouro" }));
  let plan = "";
  await db()
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index barbershops_earth_idx`);
      await tx.execute(sql`drop index barbershops_reviews_idx`);
      plan = rowsOf(await tx.execute(sql`explain ${query}`))
        .map((r) => String(Object.values(r)[0]))
        .join("\n");
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  // A word's own test leads (the planner picks the one it expects rarest), never the whole text's.
  expect(plan).toMatch(/Index Cond: \(name_fold %>>? '(barberia|estilo|ouro)'::text\)/);
  expect(plan).not.toMatch(/%>>? 'barberia estilo/);
  expect(plan).toMatch(/Bitmap Index Scan on barbershops_name_fold_trgm_idx/);
  expect(plan).not.toMatch(/regexp_split_to_table|Seq Scan on barbershops/);
});

it("a city's shops go best rated first, then the most reviewed (the city page and home's \"Mais avaliadas\")", async () => {
  const page = await listCityShops(db(), "rated-city", { skip: 0, limit: 10 });
  expect(page.items.map((s) => s.id)).toEqual([top[2].id, top[1].id, top[0].id, top[3].id]);
  const [city] = await cityHighlights(db(), ["rated-city"]);
  expect(city.top.map((s) => s.id).slice(0, 3)).toEqual([top[2].id, top[1].id, top[0].id]);
});
