import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { useTestDb } from "@/lib/server/db/testing";
import { type TShopSearch, ZNameListQuery } from "@/lib/contract/search";
import { rowsOf } from "@/lib/server/shops/cards";
import { listsByPostings } from "@/lib/server/shops/by-name";
import { suggestShops } from "@/lib/server/shops/places";
import { searchShops, withNames } from "@/lib/server/shops/search";
import { makeShop } from "@/tests/factories/shops";

// The list by name in its own order reads the shops' name words (shop_name_postings), kept by a trigger on
// barbershops; its answers are the ones the words' GIN index gives (the lists with a position or a filter), and
// what a typed word means is kept in the process only while the shops' words keep their version.
const testDb = useTestDb();
const db = () => testDb.current().handle.db as Db;

const query = (name: string, over: Record<string, string> = {}) => ZNameListQuery.parse({ name, limit: "5", ...over }) as TShopSearch;

/** The same list through the GIN index on barbershops.name_words (the path of the lists with a position or a filter). */
async function byGin(q: TShopSearch) {
  return searchShops(db(), q, await withNames(db(), q));
}

const postings = async (shopId: number) =>
  rowsOf(await db().execute(sql`select word, reviews from shop_name_postings where barbershop_id = ${shopId} order by word`)).map((r) => [
    String(r.word),
    Number(r.reviews),
  ]);

beforeAll(async () => {
  // Twelve "Barbearia Lua …" and a few others, with reviews that tie and differ.
  for (let i = 1; i <= 12; i++) {
    await makeShop(db(), { name: `Barbearia Lua ${["Cheia", "Nova", "Minguante", "Crescente"][i % 4]} ${i}`, ratingCount: (i * 7) % 5 });
  }
  await makeShop(db(), { name: "Barber Lua", ratingCount: 3 });
  await makeShop(db(), { name: "Barbeiro da Lua", ratingCount: 9 });
  await makeShop(db(), { name: "Estrela Barbearia", ratingCount: 4 });
  await makeShop(db(), { name: "Lua Fechada", ratingCount: 50, isActive: false });
});

it("takes the lists by name without a position, another order or a filter", () => {
  expect(listsByPostings(query("barbearia lua"))).toBe(true);
  expect(listsByPostings(query("lu"))).toBe(false); // no word of three letters: the folded name's trigrams
  expect(listsByPostings(query("lua", { latitude: "-23.5", longitude: "-46.6" }))).toBe(false);
  expect(listsByPostings(query("lua", { sort: "rating" }))).toBe(false);
  expect(listsByPostings(query("lua", { min_price: "10" }))).toBe(false);
  expect(listsByPostings(query("lua", { period: "night" }))).toBe(false);
});

it.each([
  ["one word", "lua"],
  ["a word with a typo", "barberia"],
  ["two words", "barbearia lua"],
  ["three words, one with a typo", "barbearia lua chea"],
  ["words in another order", "lua barbearia"],
  ["a word being typed", "barbearia lu"],
  ["nothing", "zzzqqq lua"],
])("answers as the words' index does, page by page: %s", async (_, name) => {
  // Every match's count, from the first page (the GIN path counts a page past the end as reaching it).
  const total = (await byGin(query(name, { limit: "50" }))).total;
  for (const skip of ["0", "5", "10", "15"]) {
    const q = query(name, { skip });
    const got = await searchShops(db(), q);
    const want = await byGin(q);
    expect(got.items.map((s) => s.id)).toEqual(want.items.map((s) => s.id));
    expect(got.items).toEqual(want.items);
    expect(got.total).toBe(total);
  }
});

it("keeps each active shop's name words with its reviews, through a rename, new reviews, leaving and coming back", async () => {
  const shop = await makeShop(db(), { name: "Tesoura de Prata", ratingCount: 2 });
  expect(await postings(shop.id)).toEqual([
    ["de", 2],
    ["prata", 2],
    ["tesoura", 2],
  ]);
  await db().execute(sql`update barbershops set rating_count = 8 where id = ${shop.id}`);
  expect((await postings(shop.id)).map(([, n]) => n)).toEqual([8, 8, 8]);
  await db().execute(sql`update barbershops set name = 'Tesoura Dourada' where id = ${shop.id}`);
  expect(await postings(shop.id)).toEqual([
    ["dourada", 8],
    ["tesoura", 8],
  ]);
  expect((await searchShops(db(), query("tesoura dourda"))).items.map((s) => s.id)).toEqual([shop.id]);
  await db().execute(sql`update barbershops set is_active = false where id = ${shop.id}`);
  expect(await postings(shop.id)).toEqual([]);
  expect((await searchShops(db(), query("tesoura dourada"))).items).toEqual([]);
  await db().execute(sql`update barbershops set is_active = true where id = ${shop.id}`);
  expect((await searchShops(db(), query("tesoura dourada"))).items.map((s) => s.id)).toEqual([shop.id]);
  await db().execute(sql`delete from barbershops where id = ${shop.id}`);
  expect(await postings(shop.id)).toEqual([]);
  expect((await searchShops(db(), query("tesoura dourada"))).total).toBe(0);
});

it("orders by the reviews as they change", async () => {
  const a = await makeShop(db(), { name: "Navalha Girassol Um", ratingCount: 1 });
  const b = await makeShop(db(), { name: "Navalha Girassol Dois", ratingCount: 2 });
  expect((await searchShops(db(), query("girassol"))).items.map((s) => s.id)).toEqual([b.id, a.id]);
  await db().execute(sql`update barbershops set rating_count = 3 where id = ${a.id}`);
  expect((await searchShops(db(), query("girassol"))).items.map((s) => s.id)).toEqual([a.id, b.id]);
});

it("finds a shop whose word is new by a typo at once, in the list and the search box, though the typo was looked up (and kept) before it came", async () => {
  const version = async () => Number(rowsOf(await db().execute(sql`select version from shop_words_version`))[0].version);
  expect((await searchShops(db(), query("jacarandda"))).items).toEqual([]);
  expect(await suggestShops(db(), "jacarandda cortes")).toEqual([]);
  const before = await version();
  const shop = await makeShop(db(), { name: "Jacaranda Cortes", ratingCount: 1 });
  expect(await version()).toBeGreaterThan(before);
  expect((await searchShops(db(), query("jacarandda"))).items.map((s) => s.id)).toEqual([shop.id]);
  expect((await suggestShops(db(), "jacarandda cortes")).map((s) => s.id)).toEqual([shop.id]);
  // A new review adds no word: the version holds.
  const held = await version();
  await db().execute(sql`update barbershops set rating_count = 2 where id = ${shop.id}`);
  expect(await version()).toBe(held);
});
