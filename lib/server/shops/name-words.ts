import "server-only";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Executor } from "@/lib/server/db/client";
import { compileOnce, runPrepared } from "@/lib/server/db/prepared";
import { rowsOf } from "./cards";

// A typed name, word by word, becomes the shops' own words it may mean: each typed word is matched against the few
// thousand distinct words of the shops (shop_words, kept by a trigger on barbershops; migration 0041) by pg_trgm, and
// the shops are then found by those words through the exact GIN indexes on barbershops.name_words (the list by name)
// and barbershops.search_words (the search box), as pg_trgm's documentation advises for spelling-tolerant search:
// the trigram tests run on a small table instead of on every shop's name.

/** The text as a LIKE pattern's literal part (its %, _ and backslash escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Words shorter than this say too little to look for (and trigrams need three letters). */
const MIN_WORD = 3;
/** The most words of a name that are tested: the LIKE still takes a longer name as it is. */
export const MAX_WORDS = 5;

/** The words of a typed name that the name searches test one by one: three letters or more, the first five. */
export function nameWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((w) => w.length >= MIN_WORD)
    .slice(0, MAX_WORDS);
}

/** A PostgreSQL array literal of texts ('{"a","b"}'), bound as one parameter and cast to text[]. */
export function textArray(items: readonly string[]): string {
  return `{${items.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/**
 * What a typed name may mean, word by word: for each typed word (nameWords), the shops' words it nearly is, rarest
 * typed word first; and whether the name is common, that is whether as many shops may have it as a list would
 * rather walk in its own order, stopping at the page, than find by the words' index and sort; and that estimate.
 */
export type NameMatch = { words: string[][]; common: boolean; estimate: number };

/**
 * When a name is common (NameMatch), from the shops of its typed words: "all" when the shops estimated to have all
 * of them (the words taken as independent of one another) are at least `from`, "rarest" when the shops of its
 * rarest word alone are (words of one place, as a neighbourhood and its city, go together more often than that).
 */
export type CommonFrom = { from: number; by: "all" | "rarest" };

/**
 * A typed word nearly is a shop's word when its word similarity (`<%`, 0.6: a word still being typed, "barb") or
 * its strict word similarity (`<<%`, 0.5: a letter missing or added, "barberia", "paullinho") is enough, or when it
 * is a part of it (LIKE); both operators and the LIKE are answered by shop_words_word_trgm_idx at their default
 * thresholds, folded alike (navalha_fold: no accents, any case). The folding is done once, on the arrays' texts.
 */
function candidatesStatement(scope: "names" | "shops", typed: Placeholder | string, patterns: Placeholder | string): SQL {
  const count = scope === "names" ? sql`w.names` : sql`w.shops`;
  return sql`select t.i::int as i, coalesce(array_agg(w.word) filter (where w.word is not null), '{}')::text[] as words,
      coalesce(sum(${count}), 0)::float8 as shops,
      (select greatest(c.reltuples, 1)::float8 from pg_class c where c.oid = 'barbershops'::regclass) as total
    from unnest(navalha_fold(${typed})::text[], navalha_fold(${patterns})::text[]) with ordinality t(typed, pattern, i)
    left join lateral (
      select w.word, w.names, w.shops from shop_words w
      where ${scope === "names" ? sql`w.names > 0 and ` : sql``}(t.typed <% w.word or t.typed <<% w.word or w.word like t.pattern)
    ) w on true
    group by t.i
    order by t.i`;
}

/**
 * The words a typed name may mean (see NameMatch), in the shops' names or in their names, neighbourhoods, streets
 * and cities; null when the text has no word of three letters.
 */
export async function nameMatchOf(db: Executor, text: string, scope: "names" | "shops", common: CommonFrom): Promise<NameMatch | null> {
  const typed = nameWords(text);
  if (typed.length === 0) return null;
  const values = { typed: textArray(typed), patterns: textArray(typed.map((w) => `%${escapeLike(w)}%`)) };
  const rows =
    (await runPrepared(db, () =>
      compileOnce(`name-words ${scope}`, () => candidatesStatement(scope, sql.placeholder("typed"), sql.placeholder("patterns")), values),
    )) ?? rowsOf(await db.execute(candidatesStatement(scope, values.typed, values.patterns)));
  const found = rows.map((r) => ({ words: (r.words as string[] | null) ?? [], shops: Number(r.shops) }));
  found.sort((a, b) => a.shops - b.shops);
  const total = Math.max(Number(rows[0]?.total ?? 1), ...found.map((f) => f.shops));
  const estimate = common.by === "rarest" ? found[0].shops : found.reduce((n, f, i) => (i === 0 ? f.shops : (n * f.shops) / total), 0);
  return { words: found.map((f) => f.words), common: estimate >= common.from, estimate };
}
