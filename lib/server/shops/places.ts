import "server-only";
import { sql } from "drizzle-orm";
import type { TPlace, TShopSuggestion } from "@/lib/contract/search";
import type { Executor } from "@/lib/server/db/client";
import { rowsOf } from "./cards";
import { escapeLike, nameWords, nearWords } from "./search";

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
 * (navalha_fold, migration 0009).
 */
export async function suggestPlaces(db: Executor, q: string, limit = 8): Promise<TPlace[]> {
  const escaped = escapeLike(q);
  const rows = rowsOf(
    await db.execute(sql`select ${PLACE_COLUMNS}
      from places p
      where navalha_fold(p.name) like navalha_fold(${`%${escaped}%`}) or navalha_fold(p.name) % navalha_fold(${q})
      order by (navalha_fold(p.name) like navalha_fold(${`${escaped}%`})) desc, (navalha_fold(p.name) like navalha_fold(${`%${escaped}%`})) desc,
        similarity(navalha_fold(p.name), navalha_fold(${q})) desc, (p.kind = 'city') desc, p.name, p.id
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

/**
 * Shops for the search box: every word of the text (up to five, of three letters or more) is, or
 * nearly is (a typo, a word still being typed), a word of the shop's name, neighbourhood, street or
 * city (pg_trgm's word similarity, `<%`), without minding accents or case; the closest to the whole
 * text first. The GiST index (migration 0009) answers both the test and the order and stops at the
 * limit, so a word most shops share ("barbearia") answers as fast as a rare one; a LIKE test beside
 * it made a text matching nothing walk every shop (1.1 s on 100,000).
 */
export async function suggestShops(db: Executor, q: string, limit = 5): Promise<TShopSuggestion[]> {
  const words = nameWords(q);
  if (words.length === 0 || limit === 0) return [];
  // Each word nearly a word there: being typed, or a letter missing or added (nearWords).
  const each = words.map((w) => nearWords(sql`navalha_fold(${w})`, sql`b.search_text`));
  const rows = rowsOf(
    await db.execute(sql`select b.id, b.slug, b.name, b.address, b.neighborhood, b.city, b.state
      from barbershops b
      where b.is_active and ${sql.join(each, sql` and `)}
      order by navalha_fold(${words.join(" ")}) <<-> b.search_text
      limit ${limit}`),
  );
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
