import "server-only";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { TShopCardList, TShopSearch } from "@/lib/contract/search";
import type { TShopCard } from "@/lib/contract/shops";
import { PERIODS, TOTAL_CAP, WHEN_MAX_DAYS } from "@/lib/contract/search-constants";
import type { Lang } from "@/lib/i18n/settings";
import { validationFailed } from "@/lib/server/http/errors";
import { translate } from "@/lib/server/http/i18n";
import type { Executor } from "@/lib/server/db/client";
import { compileDirect, compileOnce, runPrepared } from "@/lib/server/db/prepared";
import { type CardContext, rowsOf, shopCardColumns, toShopCard } from "./cards";
import { chordExpr, earthPointExpr, withinBox, withinRadius } from "./geo";
import { addDays, toWallClock } from "@/lib/server/availability/zoned-time";
import { nextFreeTimesOf } from "./free-times-sql";
import { MAX_WORDS, type NameMatch, escapeLike, nameMatchOf, nameWords, textArray } from "./name-words";
import { byNameCards, listsByPostings } from "./by-name";

export { escapeLike, nameWords } from "./name-words";

/**
 * `names`: the shops' words a list's `name` may mean (nameMatchOf), looked up before its statements; without it each
 * typed word stands for itself alone.
 */
type SearchContext = { clientId?: number | null; now?: Date; names?: NameMatch | null };

/**
 * How a list with a position finds its rows:
 * - "box": the GiST index gives the shops in the radius (the earth box), then they are sorted; the
 *   cost grows with the matches, so it serves the nearest-first order (a KNN walk of the same
 *   index that stops at the limit) and narrow or sparse searches;
 * - "ordered": a rating or price sort over many matches walks that column's btree index in
 *   order and keeps the shops within the radius, stopping at the limit. The box is left out
 *   so that PostgreSQL (whose estimate for it is a constant) cannot pick the box instead.
 */
export type SearchPlan = "box" | "ordered";

/** From this many matches on, a rating or price sort takes the "ordered" plan. */
const ORDERED_PLAN_MIN_MATCHES = 1000;

const hasPointOf = (q: TShopSearch) => q.latitude != null && q.longitude != null;

/**
 * The values a list statement binds. Everything else about a search (which filters it has, its
 * sort and plan, whether a client asks) is its shape, which decides the statement's text; the
 * builders below read the shape from the search and take the values from here, so the same
 * builders give a statement with these values or, for the statement cache, with placeholders.
 */
type Value<T> = T | Placeholder;
type Bound = {
  latitude?: Value<number>;
  longitude?: Value<number>;
  meters: Value<number>;
  name?: Value<string>;
  /** The typed name itself, for the trigram test of a name without a word of three letters (`name` is its LIKE pattern). */
  nameText?: Value<string>;
  /** The shops' words each typed word of three letters or more may mean (NameMatch), as text[] literals. */
  word0?: Value<string>;
  word1?: Value<string>;
  word2?: Value<string>;
  word3?: Value<string>;
  word4?: Value<string>;
  minPrice?: Value<number>;
  maxPrice?: Value<number>;
  limit: Value<number>;
  skip: Value<number>;
  clientId?: Value<number>;
  /** ISO 8601; only when the context fixes the time (tests), otherwise the statement uses now(). */
  now?: Value<string>;
  /** The shops of a "byIds" statement, as an array literal ("{1,2,3}"). */
  ids?: Value<string>;
};
const BOUND_KEYS = [
  "latitude",
  "longitude",
  "meters",
  "name",
  "nameText",
  "word0",
  "word1",
  "word2",
  "word3",
  "word4",
  "minPrice",
  "maxPrice",
  "limit",
  "skip",
  "clientId",
  "now",
  "ids",
] as const satisfies readonly (keyof Bound)[];

const WORD_KEYS = ["word0", "word1", "word2", "word3", "word4"] as const satisfies readonly (keyof Bound)[];

/** From this many shops estimated to have all its words, a list without a position walks its order (NameMatch). */
const COMMON_NAME = { from: 1000, by: "all" } as const;

/** Each typed word's candidate words (rarest first when looked up), or the typed word alone. */
function wordsOf(q: TShopSearch, ctx: SearchContext): string[][] {
  if (!q.name) return [];
  return ctx.names?.words ?? nameWords(q.name).map((w) => [w.toLowerCase()]);
}

const isCommonName = (ctx: SearchContext) => Boolean(ctx.names?.common);

function boundOf(q: TShopSearch, ctx: SearchContext, ids?: number[]): Bound {
  const words = wordsOf(q, ctx).slice(0, MAX_WORDS);
  return {
    ...Object.fromEntries(words.map((w, i) => [WORD_KEYS[i], textArray(w)])),
    ids: ids ? `{${ids.join(",")}}` : undefined,
    latitude: q.latitude,
    longitude: q.longitude,
    meters: q.distance * 1000,
    name: q.name ? `%${escapeLike(q.name)}%` : undefined,
    nameText: q.name || undefined,
    minPrice: q.min_price,
    maxPrice: q.max_price,
    limit: q.limit,
    skip: q.skip,
    clientId: ctx.clientId ?? undefined,
    now: ctx.now?.toISOString(),
  };
}

const SLOTS = Object.fromEntries(BOUND_KEYS.map((k) => [k, sql.placeholder(k)])) as Required<Bound>;

const nowOf = (ctx: SearchContext, b: Bound) => (ctx.now ? sql`${b.now}::timestamptz` : sql`now()`);

// The searched point and the radius's chord are computed once per statement, in the CTE `g`, and
// read as InitPlans (constants for the GiST index even in a generic plan). Each statement of a list
// starts with it (see withGeo); the point's parameters are then sent once instead of in every use.
const POINT = sql`(select p from g)`;
const CHORD = sql`(select c from g)`;

/** `with g as (…), <ctes> <body>`: the statement of a list, with its point when it has one. */
function withGeo(q: TShopSearch, b: Bound, body: SQL, ctes: SQL[] = []): SQL {
  const all = hasPointOf(q)
    ? [sql`g as (select ${earthPointExpr(b.latitude as Value<number>, b.longitude as Value<number>)} as p, ${chordExpr(b.meters)} as c)`, ...ctes]
    : ctes;
  return all.length > 0 ? sql`with ${sql.join(all, sql`, `)} ${body}` : body;
}

/** The WHERE conditions of a list, shared by the page query and its count (inside withGeo). */
function conditions(q: TShopSearch, ctx: SearchContext, b: Bound, plan: SearchPlan = "box"): SQL[] {
  const where: SQL[] = [sql`b.is_active`];
  if (hasPointOf(q)) {
    // The box narrows by the GiST index; the radius test drops the box's corners.
    if (plan === "box") where.push(withinBox(POINT, CHORD));
    where.push(withinRadius(POINT, CHORD));
  }
  // The name as typed, or nearly, whatever the accents and case: each of its words of three letters or more is, or
  // nearly is, or is a part of, a word of the name (NameMatch: a letter missing or added; "barbearia seu joaquim" is
  // not "Barbearia Seu Paulinho"). Each typed word's candidate words are one exact test of
  // barbershops_name_words_idx (`&&`, migration 0041), joined with AND. A common name's tests are hidden from the
  // index (coalesce over the column, which is never null), so that the list walks its order's index and stops at
  // the page; a rare one's lead. A text without such a word is tested whole, by trigrams on the folded name.
  if (q.name) {
    const words = wordsOf(q, ctx).slice(0, MAX_WORDS);
    const column = isCommonName(ctx) ? sql`coalesce(b.name_words, '{}')` : sql`b.name_words`;
    if (words.length > 0) {
      where.push(
        sql`(${sql.join(
          words.map((_, i) => sql`${column} && ${b[WORD_KEYS[i]]}::text[]`),
          sql` and `,
        )})`,
      );
    } else {
      const name = sql`b.name_fold`;
      where.push(sql`(${name} like navalha_fold(${b.name}) or ${nearWords(sql`navalha_fold(${b.nameText})`, name)})`);
    }
  }
  // Price ranges overlap: the shop's [price_from, price_to] meets [min_price, max_price].
  if (q.min_price != null) where.push(sql`b.price_to >= ${b.minPrice}::numeric`);
  if (q.max_price != null) where.push(sql`b.price_from <= ${b.maxPrice}::numeric`);
  if (q.period) {
    // Open at some time of the period today, in the shop's zone: its bit of barbershops.open_periods
    // (weekday * 3 + the period's index, kept from shop_hours by the triggers of migration 0004).
    const bit = PERIODS.indexOf(q.period);
    where.push(sql`(b.open_periods >> (extract(dow from (${nowOf(ctx, b)} at time zone b.timezone))::int * 3 + ${sql.raw(String(bit))})) & 1 = 1`);
  }
  if (q.category) {
    where.push(sql`exists (
      select 1 from services s
      where s.barbershop_id = b.id and s.is_active and s.category = ${q.category}
    )`);
  }
  return where;
}

/**
 * A text nearly in another, as the name searches read it (pg_trgm, both operators answered by a trigram index):
 * `<%` word similarity, at least 0.6, takes a word still being typed ("barb" in "barbearia"); `<<%` strict word
 * similarity, at least 0.5, compares whole words, and takes a letter missing or added ("barberia" 0.58 and
 * "paullinho" 0.73 of "barbearia" and "paulinho", where word similarity leaves "barberia" under its 0.6).
 */
export function nearWords(text: SQL, within: SQL): SQL {
  return sql`(${text} <% ${within} or ${text} <<% ${within})`;
}

function orderBy(q: TShopSearch, ctx: SearchContext): SQL {
  const nearest = hasPointOf(q) ? sql`b.earth <-> ${POINT}` : null;
  // Exactly the keys of barbershops_rating_idx and barbershops_price_idx, and without a position barbershops_reviews_idx.
  if (q.sort === "rating") return sql`b.rating_avg desc nulls last, b.rating_count desc nulls last, b.id`;
  if (q.sort === "price") return sql`b.price_from asc nulls last, b.id`;
  // Nearest first: the KNN operator walks the GiST index in distance order and stops at the
  // limit. No tie-breaker after it: a second sort key makes PostgreSQL sort every match instead.
  if (nearest) return nearest;
  // A rare name's few matches are found by its words' index and sorted (the expression keeps the planner from
  // walking barbershops_reviews_idx past every shop in search of them); a common name walks that index.
  return q.name && wordsOf(q, ctx).length > 0 && !isCommonName(ctx) ? sql`b.rating_count + 0 desc nulls last, b.id` : sql`b.rating_count desc nulls last, b.id`;
}

/** The page's select, inside withGeo. */
function pageBody(q: TShopSearch, ctx: SearchContext, b: Bound, plan: SearchPlan): SQL {
  const card: CardContext = { clientId: ctx.clientId ? b.clientId : null, now: nowOf(ctx, b) };
  return sql`select ${shopCardColumns(card, hasPointOf(q) ? POINT : undefined)} from barbershops b
    where ${sql.join(conditions(q, ctx, b, plan), sql` and `)}
    order by ${orderBy(q, ctx)}
    limit ${b.limit} offset ${b.skip}`;
}

/**
 * From this many shops estimated to have a name, its capped count walks the table, which meets TOTAL_CAP matches
 * within a few thousand shops (1–2 ms; the words' index took 4–9 ms for "barbearia", half the shops). Below, the
 * count reads the words' index: a walk met sixty thousand shops before the cap for "O Barbeiro" (one in forty).
 */
const COUNT_WALK_MIN_SHOPS = 20_000;

const countWalks = (ctx: SearchContext) => (ctx.names?.estimate ?? 0) >= COUNT_WALK_MIN_SHOPS;

/** The capped count's select, inside withGeo. */
function countBody(q: TShopSearch, ctx: SearchContext, b: Bound): SQL {
  const counted: SearchContext = ctx.names ? { ...ctx, names: { ...ctx.names, common: countWalks(ctx) } } : ctx;
  return sql`select count(*)::int from (select 1 from barbershops b where ${sql.join(conditions(q, counted, b), sql` and `)} limit ${TOTAL_CAP}) m`;
}

/** The list query itself (also EXPLAINed by the benchmark). */
export function shopSearchQuery(q: TShopSearch, ctx: SearchContext = {}, plan: SearchPlan = "box"): SQL {
  const b = boundOf(q, ctx);
  return withGeo(q, b, pageBody(q, ctx, b, plan));
}

/**
 * The statements of a list: its capped count, and its page with or without the count on each row;
 * for a "when" list, the ids of its nearest matches, then the cards of the shops chosen among them.
 */
type StatementKind = "count" | "page" | "page+count" | "ids" | "byIds";

function listStatement(kind: StatementKind, q: TShopSearch, ctx: SearchContext, b: Bound, plan: SearchPlan): SQL {
  if (kind === "count") return withGeo(q, b, sql`select (${countBody(q, ctx, b)}) as n`);
  if (kind === "ids") {
    return withGeo(
      q,
      b,
      sql`select b.id from barbershops b where ${sql.join(conditions(q, ctx, b, plan), sql` and `)} order by ${orderBy(q, ctx)} limit ${b.limit} offset ${b.skip}`,
    );
  }
  if (kind === "byIds") {
    const card: CardContext = { clientId: ctx.clientId ? b.clientId : null, now: nowOf(ctx, b) };
    const page = sql`select ${shopCardColumns(card, hasPointOf(q) ? POINT : undefined)} from barbershops b where b.id = any(${b.ids}::int[])`;
    return withGeo(q, b, sql`select row_to_json(page)::text as card from (${page}) page`);
  }
  const page = [sql`page as (${pageBody(q, ctx, b, plan)})`];
  return kind === "page"
    ? withGeo(q, b, sql`select row_to_json(page)::text as card from page`, page)
    : withGeo(q, b, sql`select row_to_json(page)::text as card, (${countBody(q, ctx, b)}) as total_matches from page`, page);
}

/** Everything about a search that changes the text of its statements (and nothing else). */
function shapeKey(kind: StatementKind, q: TShopSearch, ctx: SearchContext, plan: SearchPlan): string {
  const has = (present: boolean) => (present ? "+" : "-");
  // Each flag is exactly a test that a builder above makes.
  return [
    kind,
    plan,
    q.sort,
    has(hasPointOf(q)),
    q.name ? `name:${Math.min(wordsOf(q, ctx).length, MAX_WORDS)}${isCommonName(ctx) ? " common" : ""}${countWalks(ctx) ? " walk" : ""}` : "-",
    has(q.min_price != null),
    has(q.max_price != null),
    q.period ?? "-",
    q.category ?? "-",
    has(Boolean(ctx.clientId)),
    has(Boolean(ctx.now)),
  ].join(" ");
}

/**
 * The text and parameters of a list statement. The text is compiled once per shape, with
 * placeholders, and only the values are bound per request: compiling drizzle's SQL tree cost more
 * Node time than anything else in a list request of ours, and a fifth of its allocations.
 */
export function compiledListStatement(
  kind: StatementKind,
  q: TShopSearch,
  ctx: SearchContext,
  plan: SearchPlan,
  ids?: number[],
): { sql: string; params: unknown[] } {
  return compileOnce(shapeKey(kind, q, ctx, plan), () => listStatement(kind, q, ctx, SLOTS, plan), boundOf(q, ctx, ids));
}

/** The same statement compiled directly with its values (the cache's reference in tests). */
export function directListStatement(kind: StatementKind, q: TShopSearch, ctx: SearchContext, plan: SearchPlan): { sql: string; params: unknown[] } {
  return compileDirect(listStatement(kind, q, ctx, boundOf(q, ctx), plan));
}

/** Runs a list statement, prepared (runPrepared); a transaction runs the SQL tree. */
async function runList(
  db: Executor,
  kind: StatementKind,
  q: TShopSearch,
  ctx: SearchContext,
  plan: SearchPlan,
  ids?: number[],
): Promise<Record<string, unknown>[]> {
  return (
    (await runPrepared(db, () => compiledListStatement(kind, q, ctx, plan, ids))) ??
    rowsOf(await db.execute(listStatement(kind, q, ctx, boundOf(q, ctx, ids), plan)))
  );
}

/** How many shops match, up to TOTAL_CAP. */
async function countMatches(db: Executor, q: TShopSearch, ctx: SearchContext): Promise<number> {
  const counted = await runList(db, "count", q, ctx, "box");
  return Number(counted[0]?.n ?? 0);
}

/** The plan of a list (see SearchPlan) and, when it had to count to decide, the total. */
export async function chooseSearchPlan(db: Executor, q: TShopSearch, ctx: SearchContext = {}): Promise<{ plan: SearchPlan; total?: number }> {
  if (!hasPointOf(q) || q.sort === "distance") return { plan: "box" };
  const total = await countMatches(db, q, ctx);
  return { plan: total >= ORDERED_PLAN_MIN_MATCHES ? "ordered" : "box", total };
}

/**
 * One page of shops as JSON texts, one per card, and how many match (counted up to TOTAL_CAP).
 * PostgreSQL writes each card (row_to_json over the card's columns, whose names are the contract's
 * keys): the API answers with these texts as they are, instead of parsing twenty rows of twenty
 * typed columns into objects and serialising them again (the list's largest cost in Node).
 */
async function searchCards(db: Executor, q: TShopSearch, ctx: SearchContext): Promise<{ cards: string[]; total: number }> {
  const { plan, total: counted } = await chooseSearchPlan(db, q, ctx);
  // One round trip: the page and, unless the plan's choice counted already, the capped count of
  // all matches on each of its rows.
  const rows = await runList(db, counted === undefined ? "page+count" : "page", q, ctx, plan);
  const cards = rows.map((r) => String(r.card));
  let total = counted ?? (rows.length > 0 ? Number(rows[0].total_matches) : q.skip);
  if (counted === undefined && rows.length === 0 && q.skip > 0) total = await countMatches(db, q, ctx);
  total = Math.max(total, Math.min(q.skip + cards.length, TOTAL_CAP));
  return { cards, total };
}

/**
 * How many of the nearest matches a "when" list looks at for free times (the rest are farther): two
 * pages. Its cost grows with it (60 cost 45% more per request than 40 on 100k shops).
 */
export const WHEN_CANDIDATES = 40;

const isWhen = (q: TShopSearch) => Boolean(q.date || q.after || q.before || q.sort === "earliest");

/**
 * Lists near a position: each card with its next free times. With a "when" (date, after, before or
 * sort=earliest), only the shops that have one in that window, among the WHEN_CANDIDATES nearest matches,
 * by distance or by the earliest time.
 */
async function cardsWithFreeTimes(db: Executor, q: TShopSearch, ctx: SearchContext): Promise<{ cards: string[]; total: number }> {
  const now = ctx.now ?? new Date();
  const window = { date: q.date, after: q.after, before: q.before, category: q.category };
  if (!isWhen(q)) {
    const { cards, total } = await searchCards(db, q, ctx);
    // The plain list stays the plain list (its speed is measured): free times only when asked for.
    if (!q.free_times) return { cards, total };
    const parsed = cards.map((c) => JSON.parse(c) as TShopCard);
    const times = await nextFreeTimesOf(
      db,
      parsed.map((c) => c.id),
      window,
      { now, limit: q.free_times },
    );
    return { cards: parsed.map((c) => JSON.stringify({ ...c, next_free_times: times.get(c.id) ?? [] })), total };
  }
  // The nearest matches (their ids only), their free times, then the cards of the page's shops.
  const near = { ...q, sort: q.sort === "earliest" ? ("distance" as const) : q.sort, skip: 0, limit: WHEN_CANDIDATES };
  const { plan } = await chooseSearchPlan(db, near, ctx);
  const candidates = (await runList(db, "ids", near, ctx, plan)).map((r) => Number(r.id));
  const times = await nextFreeTimesOf(db, candidates, window, { now, limit: q.free_times || 3 });
  const found = candidates.filter((id) => (times.get(id)?.length ?? 0) > 0);
  // Earliest first, then nearest (the candidates' order).
  if (q.sort === "earliest")
    found.sort((a, b) => Date.parse(times.get(a)![0].starts_at) - Date.parse(times.get(b)![0].starts_at) || candidates.indexOf(a) - candidates.indexOf(b));
  const pageIds = found.slice(q.skip, q.skip + q.limit);
  const cards = new Map<number, TShopCard>();
  if (pageIds.length > 0) {
    for (const r of await runList(db, "byIds", q, ctx, "box", pageIds)) {
      const card = JSON.parse(String(r.card)) as TShopCard;
      cards.set(card.id, card);
    }
  }
  const page = pageIds.filter((id) => cards.has(id)).map((id) => JSON.stringify({ ...cards.get(id), next_free_times: times.get(id) }));
  return { cards: page, total: found.length };
}

/**
 * A "when" date must still be today somewhere (UTC-12) and at most WHEN_MAX_DAYS after today anywhere
 * (UTC+14): each shop's own zone then decides which of its times are still to come.
 */
export function checkWhen(q: Pick<TShopSearch, "date" | "after" | "before">, lng: Lang, now = new Date()): void {
  const detail = (path: string, key: string) => validationFailed([{ path, message: translate(lng, "errors", key) }], key);
  if (q.after && q.before && q.after >= q.before) throw detail("before", "WHEN_AFTER_BEFORE");
  if (!q.date) return;
  if (q.date < toWallClock(now, "Etc/GMT+12").date) throw detail("date", "WHEN_DATE_IN_PAST");
  if (q.date > addDays(toWallClock(now, "Etc/GMT-14").date, WHEN_MAX_DAYS)) throw detail("date", "WHEN_TOO_FAR");
}

/** The context with the shops' words the search's name may mean (one small statement before the list's). */
export async function withNames(db: Executor, q: TShopSearch, ctx: SearchContext = {}): Promise<SearchContext> {
  if (!q.name || ctx.names !== undefined) return ctx;
  return { ...ctx, names: await nameMatchOf(db, q.name, "names", COMMON_NAME) };
}

async function listCards(db: Executor, q: TShopSearch, ctx: SearchContext): Promise<{ cards: string[]; total: number }> {
  if (listsByPostings(q) && ctx.names === undefined) return byNameCards(db, q, ctx);
  const named = await withNames(db, q, ctx);
  return hasPointOf(q) ? cardsWithFreeTimes(db, q, named) : searchCards(db, q, named);
}

/** One page of shops and how many match (counted up to TOTAL_CAP). */
export async function searchShops(db: Executor, q: TShopSearch, ctx: SearchContext = {}): Promise<TShopCardList> {
  const { cards, total } = await listCards(db, q, ctx);
  return { items: cards.map((c) => JSON.parse(c) as TShopCard), total, skip: q.skip, limit: q.limit };
}

/** The same page as the API's JSON body (a TShopCardList). */
export async function searchShopsJson(db: Executor, q: TShopSearch, ctx: SearchContext = {}): Promise<string> {
  const { cards, total } = await listCards(db, q, ctx);
  return `{"items":[${cards.join(",")}],"total":${total},"skip":${q.skip},"limit":${q.limit}}`;
}

export type CityHighlight = { slug: string; name: string; state: string; count: number; top: ReturnType<typeof toShopCard>[] };

/** Shops of a city, best rated first, then the most reviewed (the city page, home's "Mais avaliadas"): barbershops_city_idx's order. */
export async function listCityShops(db: Executor, citySlug: string, page: { skip: number; limit: number }, ctx: SearchContext = {}): Promise<TShopCardList> {
  const card: CardContext = { clientId: ctx.clientId, now: ctx.now };
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${shopCardColumns(card)} from barbershops b
      where b.city_slug = ${citySlug} and b.is_active
      order by b.rating_avg desc nulls last, b.rating_count desc nulls last, b.id
      limit ${page.limit} offset ${page.skip}`),
    countCityShops(db, citySlug),
  ]);
  return { items: rowsOf(rows).map(toShopCard), total: counted, skip: page.skip, limit: page.limit };
}

/** How many active shops a city slug has (0: no such city). */
export async function countCityShops(db: Executor, citySlug: string): Promise<number> {
  return Number(rowsOf(await db.execute(sql`select count(*)::int as n from barbershops b where b.city_slug = ${citySlug} and b.is_active`))[0]?.n ?? 0);
}

/** Name and state of a city slug, from the shops themselves; null when no shop is there. */
export async function findCity(db: Executor, citySlug: string): Promise<{ slug: string; name: string; state: string } | null> {
  const rows = rowsOf(await db.execute(sql`select city, state from barbershops where city_slug = ${citySlug} and is_active limit 1`));
  if (!rows[0]) return null;
  return { slug: citySlug, name: String(rows[0].city), state: String(rows[0].state) };
}

/** Count and three best shops of each highlighted city (the home page). */
export async function cityHighlights(db: Executor, slugs: readonly string[], now?: Date): Promise<CityHighlight[]> {
  return Promise.all(
    slugs.map(async (slug) => {
      const [list, city] = await Promise.all([listCityShops(db, slug, { skip: 0, limit: 3 }, { now }), findCity(db, slug)]);
      return { slug, name: city?.name ?? slug, state: city?.state ?? "", count: list.total, top: list.items };
    }),
  );
}
