import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { TShopCardList, TShopSearch } from "@/lib/contract/search";
import { PERIOD_HOURS, TOTAL_CAP } from "@/lib/contract/search-constants";
import type { Executor } from "@/lib/server/db/client";
import { type CardContext, rowsOf, shopCardColumns, toShopCard } from "./cards";
import { chordExpr, earthPointExpr, withinBox, withinRadius } from "./geo";

type SearchContext = { clientId?: number | null; now?: Date };

const nowOf = (ctx: SearchContext) => (ctx.now ? sql`${ctx.now.toISOString()}::timestamptz` : sql`now()`);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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

// The searched point and the radius's chord are computed once per statement, in the CTE `g`, and
// read as InitPlans (constants for the GiST index even in a generic plan). Each statement of a list
// starts with it (see withGeo); the point's parameters are then sent once instead of in every use.
const POINT = sql`(select p from g)`;
const CHORD = sql`(select c from g)`;

/** `with g as (…), <ctes> <body>`: the statement of a list, with its point when it has one. */
function withGeo(q: TShopSearch, body: SQL, ctes: SQL[] = []): SQL {
  const all = hasPointOf(q)
    ? [sql`g as (select ${earthPointExpr(q.latitude as number, q.longitude as number)} as p, ${chordExpr(q.distance * 1000)} as c)`, ...ctes]
    : ctes;
  return all.length > 0 ? sql`with ${sql.join(all, sql`, `)} ${body}` : body;
}

/** The WHERE conditions of a list, shared by the page query and its count (inside withGeo). */
function conditions(q: TShopSearch, now: SQL, plan: SearchPlan = "box"): SQL[] {
  const where: SQL[] = [sql`b.is_active`];
  if (hasPointOf(q)) {
    // The box narrows by the GiST index; the radius test drops the box's corners.
    if (plan === "box") where.push(withinBox(POINT, CHORD));
    where.push(withinRadius(POINT, CHORD));
  }
  if (q.name) where.push(sql`b.name ilike ${`%${escapeLike(q.name)}%`}`);
  // Price ranges overlap: the shop's [price_from, price_to] meets [min_price, max_price].
  if (q.min_price != null) where.push(sql`b.price_to >= ${q.min_price}::numeric`);
  if (q.max_price != null) where.push(sql`b.price_from <= ${q.max_price}::numeric`);
  if (q.period) {
    const { start, end } = PERIOD_HOURS[q.period];
    where.push(sql`exists (
      select 1 from shop_hours h
      where h.barbershop_id = b.id
        and h.weekday = extract(dow from (${now} at time zone b.timezone))::int
        and h.opens < ${end}::time and h.closes > ${start}::time
    )`);
  }
  if (q.category) {
    where.push(sql`exists (
      select 1 from services s
      where s.barbershop_id = b.id and s.is_active and s.category = ${q.category}
    )`);
  }
  return where;
}

function orderBy(q: TShopSearch): SQL {
  const nearest = hasPointOf(q) ? sql`b.earth <-> ${POINT}` : null;
  // Exactly the keys of barbershops_rating_idx and barbershops_price_idx.
  if (q.sort === "rating") return sql`b.rating_avg desc nulls last, b.rating_count desc nulls last, b.id`;
  if (q.sort === "price") return sql`b.price_from asc nulls last, b.id`;
  // Nearest first: the KNN operator walks the GiST index in distance order and stops at the
  // limit. No tie-breaker after it: a second sort key makes PostgreSQL sort every match instead.
  return nearest ?? sql`b.rating_count desc, b.id`;
}

/** The page's select, inside withGeo. */
function pageBody(q: TShopSearch, ctx: SearchContext, plan: SearchPlan): SQL {
  const now = nowOf(ctx);
  const card: CardContext = { latitude: q.latitude, longitude: q.longitude, clientId: ctx.clientId, now: ctx.now };
  return sql`select ${shopCardColumns(card, hasPointOf(q) ? POINT : undefined)} from barbershops b
    where ${sql.join(conditions(q, now, plan), sql` and `)}
    order by ${orderBy(q)}
    limit ${q.limit} offset ${q.skip}`;
}

/** The capped count's select, inside withGeo. */
function countBody(q: TShopSearch, ctx: SearchContext): SQL {
  return sql`select count(*)::int from (select 1 from barbershops b where ${sql.join(conditions(q, nowOf(ctx)), sql` and `)} limit ${TOTAL_CAP}) m`;
}

/** The list query itself (also EXPLAINed by the benchmark). */
export function shopSearchQuery(q: TShopSearch, ctx: SearchContext = {}, plan: SearchPlan = "box"): SQL {
  return withGeo(q, pageBody(q, ctx, plan));
}

const dialect = new PgDialect();
type PostgresJsClient = { unsafe: (query: string, params: unknown[], options: { prepare: boolean }) => Promise<Record<string, unknown>[]> };

/**
 * Runs a list query as a named prepared statement on PostgreSQL: planning the card query costs
 * more than running it, and postgres.js then reuses the plan per connection and SQL text.
 * Elsewhere (PGlite, a transaction) it is a plain execute.
 */
async function execPrepared(db: Executor, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as { $client?: unknown }).$client as Partial<PostgresJsClient> | undefined;
  if (client && typeof client.unsafe === "function" && !("query" in client)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return [...(await client.unsafe(text, params, { prepare: true }))];
  }
  return rowsOf(await db.execute(query));
}

/** How many shops match, up to TOTAL_CAP. */
async function countMatches(db: Executor, q: TShopSearch, ctx: SearchContext): Promise<number> {
  const counted = await execPrepared(db, withGeo(q, sql`select (${countBody(q, ctx)}) as n`));
  return Number(counted[0]?.n ?? 0);
}

/** The plan of a list (see SearchPlan) and, when it had to count to decide, the total. */
export async function chooseSearchPlan(db: Executor, q: TShopSearch, ctx: SearchContext = {}): Promise<{ plan: SearchPlan; total?: number }> {
  if (!hasPointOf(q) || q.sort === "distance") return { plan: "box" };
  const total = await countMatches(db, q, ctx);
  return { plan: total >= ORDERED_PLAN_MIN_MATCHES ? "ordered" : "box", total };
}

/** One page of shops and how many match (counted up to TOTAL_CAP). */
export async function searchShops(db: Executor, q: TShopSearch, ctx: SearchContext = {}): Promise<TShopCardList> {
  const { plan, total: counted } = await chooseSearchPlan(db, q, ctx);
  // One round trip: the page and, on each of its rows, the capped count of all matches.
  const rows = await execPrepared(
    db,
    counted === undefined
      ? withGeo(q, sql`select page.*, (${countBody(q, ctx)}) as total_matches from page`, [sql`page as (${pageBody(q, ctx, plan)})`])
      : shopSearchQuery(q, ctx, plan),
  );
  const items = rows.map(toShopCard);
  let total = counted ?? (rows.length > 0 ? Number(rows[0].total_matches) : q.skip);
  if (counted === undefined && rows.length === 0 && q.skip > 0) total = await countMatches(db, q, ctx);
  total = Math.max(total, Math.min(q.skip + items.length, TOTAL_CAP));
  return { items, total, skip: q.skip, limit: q.limit };
}

export type CityHighlight = { slug: string; name: string; state: string; count: number; top: ReturnType<typeof toShopCard>[] };

/** Shops of a city, best rated first (the city page). */
export async function listCityShops(db: Executor, citySlug: string, page: { skip: number; limit: number }, ctx: SearchContext = {}): Promise<TShopCardList> {
  const card: CardContext = { clientId: ctx.clientId, now: ctx.now };
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${shopCardColumns(card)} from barbershops b
      where b.city_slug = ${citySlug} and b.is_active
      order by b.rating_count desc, b.rating_avg desc, b.id
      limit ${page.limit} offset ${page.skip}`),
    db.execute(sql`select count(*)::int as n from barbershops b where b.city_slug = ${citySlug} and b.is_active`),
  ]);
  return { items: rowsOf(rows).map(toShopCard), total: Number(rowsOf(counted)[0]?.n ?? 0), skip: page.skip, limit: page.limit };
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
