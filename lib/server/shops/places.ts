import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { TPlace, TShopSuggestion } from "@/lib/contract/search";
import type { Executor } from "@/lib/server/db/client";
import { rowsOf } from "./cards";
import { compileOnce, runPrepared } from "@/lib/server/db/prepared";
import { MAX_WORDS, escapeLike, nameWords, textArray, withKeptWords } from "./name-words";

/**
 * A place's label, as the search box shows it and writes it into a list's `place=`: "Pinheiros, São Paulo - SP"
 * for a neighbourhood, "São Paulo - SP" for a city. One definition for reading places and for recognising a
 * label (placeByLabel).
 */
const PLACE_LABEL = sql.raw(`(case when p.kind = 'city' then p.city || ' - ' || p.state else p.name || ', ' || p.city || ' - ' || p.state end)`);
const PLACE_COLUMNS = sql`p.id, p.kind, p.name, p.city, p.city_slug, p.state, p.latitude, p.longitude, ${PLACE_LABEL} as label`;

/**
 * Cities and neighbourhoods for the location search box: names that start with the text first,
 * then those containing it, then trigram look-alikes (typos), all without minding accents or case
 * (navalha_fold, migration 0009; each place's name kept folded, migration 0043).
 */
export async function suggestPlaces(db: Executor, q: string, limit = 8): Promise<TPlace[]> {
  const escaped = escapeLike(q);
  const rows = rowsOf(
    await db.execute(sql`select ${PLACE_COLUMNS}
      from places p
      where p.name_fold like navalha_fold(${`%${escaped}%`}) or p.name_fold % navalha_fold(${q})
      order by (p.name_fold like navalha_fold(${`${escaped}%`})) desc, (p.name_fold like navalha_fold(${`%${escaped}%`})) desc,
        similarity(p.name_fold, navalha_fold(${q})) desc, (p.kind = 'city') desc, p.name, p.id
      limit ${limit}`),
  );
  return rows.map(toPlace);
}

function toPlace(r: Record<string, unknown>): TPlace {
  return {
    id: Number(r.id),
    kind: r.kind === "city" ? "city" : "neighborhood",
    name: String(r.name),
    city: String(r.city),
    city_slug: String(r.city_slug),
    state: String(r.state),
    label: String(r.label),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
  };
}

/** How far from a neighbourhood's (a city's) centre a point is still named after it, in metres. */
export const NAMED_WITHIN = { neighborhood: 2_000, city: 25_000 } as const;

/**
 * The place to name a point after, for a list opened from coordinates alone ("use my location", or such
 * a list's link shared with someone else): the nearest neighbourhood within 2 km, else the nearest city
 * within 25 km, else none. Great-circle metres (haversine) over the places table, which is small.
 */
export async function nearestPlace(db: Executor, latitude: number, longitude: number): Promise<TPlace | null> {
  const rows = rowsOf(
    await db.execute(sql`select * from (
        select ${PLACE_COLUMNS},
          2 * 6371008.8 * asin(least(1, sqrt(
            power(sin(radians(p.latitude - ${latitude}::float8) / 2), 2)
            + cos(radians(${latitude}::float8)) * cos(radians(p.latitude)) * power(sin(radians(p.longitude - ${longitude}::float8) / 2), 2)))) as meters
        from places p
        where p.latitude between ${latitude}::float8 - 0.25 and ${latitude}::float8 + 0.25
      ) near
      where meters <= case when kind = 'city' then ${NAMED_WITHIN.city}::float8 else ${NAMED_WITHIN.neighborhood}::float8 end
      order by (kind = 'neighborhood') desc, meters, id
      limit 1`),
  );
  return rows[0] ? toPlace(rows[0]) : null;
}

/** The most reviewed matches of a text that the search box ranks by their closeness to it. */
const SUGGEST_POOL = 100;
/**
 * From this many shops estimated to have all its words, a text is common: its matches are dense enough among the
 * most reviewed shops that a walk in that order finds SUGGEST_POOL of them soon, where the index would fetch them
 * all. (By the rarest word alone, "Dom Navalha", 5,817 and 10,939 shops but 636 together, walked most of the
 * 100,000 shops.)
 */
const SUGGEST_COMMON = { from: 5000, by: "all" } as const;

const SUGGEST_SLOTS = {
  word0: sql.placeholder("word0"),
  word1: sql.placeholder("word1"),
  word2: sql.placeholder("word2"),
  word3: sql.placeholder("word3"),
  word4: sql.placeholder("word4"),
  text: sql.placeholder("text"),
  limit: sql.placeholder("limit"),
} as const;
type SuggestValues = { [K in keyof typeof SUGGEST_SLOTS]?: unknown };

/**
 * The search box's statement: the shops having, for every typed word, one of the words it may mean, the closest to
 * the whole text first, among the SUGGEST_POOL most reviewed of them (the closeness of the whole text, pg_trgm's
 * strict word distance, costs tens of microseconds a shop: ranking 1,500 matches took 200 ms). A rare text's
 * matches are found by the words' index and the pool taken from them (the expression keeps the planner from walking
 * barbershops_reviews_idx); a common one's walk barbershops_reviews_idx, their tests hidden from the words' index
 * (coalesce over the column, which is never null), and stop at the pool.
 */
function suggestStatement(count: number, common: boolean, v: SuggestValues): SQL {
  const keys = (["word0", "word1", "word2", "word3", "word4"] as const).slice(0, count);
  const column = common ? sql`coalesce(b.search_words, '{}')` : sql`b.search_words`;
  const each = sql.join(
    keys.map((k) => sql`${column} && ${v[k]}::text[]`),
    sql` and `,
  );
  const columns = sql`b.id, b.slug, b.name, b.address, b.neighborhood, b.city, b.state, b.search_text`;
  const reviews = common ? sql`b.rating_count` : sql`b.rating_count + 0`;
  const matches = sql`(select ${columns} from barbershops b where b.is_active and ${each}
    order by ${reviews} desc nulls last, b.id limit ${sql.raw(String(SUGGEST_POOL))}) b`;
  // One row a shop, each with the shops' words' version (withKeptWords); no shop is one row without one.
  return sql`select s.*, (select v.version from shop_words_version v)::float8 as words_version
    from (select 1) head left join lateral (
      select b.id, b.slug, b.name, b.address, b.neighborhood, b.city, b.state from ${matches}
      order by navalha_fold(${v.text}) <<-> b.search_text, b.id
      limit ${v.limit}) s on true`;
}

/**
 * Shops for the search box: every word of the text (up to five, of three letters or more) is, or nearly is (a
 * typo, a word still being typed), or is a part of, a word of the shop's name, neighbourhood, street or city
 * (NameMatch over shop_words), without minding accents or case; the closest to the whole text first (strict word
 * similarity). The shops are found by the exact GIN index on barbershops.search_words (migration 0041); the GiST
 * index on search_text that tested each shop's trigrams took 68–162 ms on 100,000 shops.
 */
export async function suggestShops(db: Executor, q: string, limit = 5): Promise<TShopSuggestion[]> {
  if (limit === 0) return [];
  const rows = await withKeptWords(db, q, "shops", SUGGEST_COMMON, async (match) => {
    if (!match) return { version: null, value: [] };
    // A typed word that means no shop's word finds nothing; the statement still says whether that is still so.
    const words = match.words.slice(0, MAX_WORDS);
    const values: SuggestValues = {
      ...Object.fromEntries(words.map((w, i) => [`word${i}`, textArray(w)])),
      text: nameWords(q).join(" "),
      limit,
    };
    const found =
      (await runPrepared(db, () =>
        compileOnce(`suggest ${words.length} ${match.common}`, () => suggestStatement(words.length, match.common, SUGGEST_SLOTS), values),
      )) ?? rowsOf(await db.execute(suggestStatement(words.length, match.common, values)));
    return { version: Number(found[0]?.words_version), value: found.filter((r) => r.id != null) };
  });
  return rows.map((r) => ({
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    address: String(r.address),
    neighborhood: String(r.neighborhood),
    city: String(r.city),
    state: String(r.state),
  }));
}

/**
 * The place whose label a text is, as the search box writes it into a list's `place=` ("Pinheiros, São Paulo
 * - SP", "São Paulo - SP"), or null. A link can carry any text there; previews show only names we know, so
 * that a crafted link cannot make a preview under our name say what it likes.
 */
export async function placeByLabel(db: Executor, label: string): Promise<TPlace | null> {
  const rows = rowsOf(
    await db.execute(sql`select ${PLACE_COLUMNS} from places p
      where ${PLACE_LABEL} = ${label}
      order by p.id
      limit 1`),
  );
  return rows[0] ? toPlace(rows[0]) : null;
}

/** A place by its id (a list's preview card names it), or null. */
export async function findPlace(db: Executor, id: number): Promise<TPlace | null> {
  const rows = rowsOf(await db.execute(sql`select ${PLACE_COLUMNS} from places p where p.id = ${id}`));
  return rows[0] ? toPlace(rows[0]) : null;
}
