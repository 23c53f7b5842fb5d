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
export type NameMatch = { words: string[][]; common: boolean; estimate: number; version: number };

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
      (select greatest(c.reltuples, 1)::float8 from pg_class c where c.oid = 'barbershops'::regclass) as total,
      (select v.version from shop_words_version v)::float8 as version
    from unnest(navalha_fold(${typed})::text[], navalha_fold(${patterns})::text[]) with ordinality t(typed, pattern, i)
    left join lateral (
      select w.word, w.names, w.shops from shop_words w
      where ${scope === "names" ? sql`w.names > 0 and ` : sql``}(t.typed <% w.word or t.typed <<% w.word or w.word like t.pattern)
    ) w on true
    group by t.i
    order by t.i`;
}

/** What one typed word may mean: the shops' words it nearly is, and how many shops have one of them. */
type WordMeaning = { words: string[]; shops: number };
type Scope = "names" | "shops";

/** The meanings of typed words found at a version of the shops' words, and the shops' count then. */
type LookedUp = { version: number; total: number; meanings: Map<string, WordMeaning> };

async function lookUp(db: Executor, typed: string[], scope: Scope): Promise<LookedUp> {
  const values = { typed: textArray(typed), patterns: textArray(typed.map((w) => `%${escapeLike(w)}%`)) };
  const rows =
    (await runPrepared(db, () =>
      compileOnce(`name-words ${scope}`, () => candidatesStatement(scope, sql.placeholder("typed"), sql.placeholder("patterns")), values),
    )) ?? rowsOf(await db.execute(candidatesStatement(scope, values.typed, values.patterns)));
  const meanings = new Map<string, WordMeaning>();
  for (const r of rows) meanings.set(typed[Number(r.i) - 1], { words: (r.words as string[] | null) ?? [], shops: Number(r.shops) });
  return { version: Number(rows[0]?.version ?? 0), total: Number(rows[0]?.total ?? 1), meanings };
}

/**
 * Typed words' meanings kept per database and scope, while the shops' words keep their version: a statement that
 * relies on them reads the version too, in its own snapshot (withKeptWords), and a change forgets them all.
 */
const keptOfDbs = new WeakMap<object, Partial<Record<Scope, LookedUp>>>();
/** At most this many typed words are kept per database and scope (then they are forgotten and kept anew). */
const KEPT_MAX = 10_000;

function keptOf(db: Executor, scope: Scope): LookedUp | undefined {
  return keptOfDbs.get(db)?.[scope];
}

function keep(db: Executor, scope: Scope, found: LookedUp): LookedUp {
  const all = keptOfDbs.get(db) ?? {};
  keptOfDbs.set(db, all);
  const kept = all[scope];
  if (!kept || kept.version !== found.version || kept.meanings.size + found.meanings.size > KEPT_MAX) {
    all[scope] = found;
    return found;
  }
  for (const [w, m] of found.meanings) kept.meanings.set(w, m);
  kept.total = found.total;
  return kept;
}

function forget(db: Executor, scope: Scope) {
  const all = keptOfDbs.get(db);
  if (all) delete all[scope];
}

function matchOf(typed: string[], found: LookedUp, common: CommonFrom): NameMatch {
  const each = typed.map((w) => found.meanings.get(w) ?? { words: [], shops: 0 });
  each.sort((a, b) => a.shops - b.shops);
  const total = Math.max(found.total, ...each.map((f) => f.shops));
  const estimate = common.by === "rarest" ? each[0].shops : each.reduce((n, f, i) => (i === 0 ? f.shops : (n * f.shops) / total), 0);
  return { words: each.map((f) => f.words), common: estimate >= common.from, estimate, version: found.version };
}

/**
 * The words a typed name may mean (see NameMatch), in the shops' names or in their names, neighbourhoods, streets
 * and cities; null when the text has no word of three letters. Looked up anew, in one small statement.
 */
export async function nameMatchOf(db: Executor, text: string, scope: Scope, common: CommonFrom): Promise<NameMatch | null> {
  const typed = nameWords(text);
  if (typed.length === 0) return null;
  return matchOf(typed, await lookUp(db, typed, scope), common);
}

/**
 * Runs `run` with what a typed name may mean, from the meanings kept in this process when it has them all (no
 * statement before `run`'s), else looked up and kept. `run` reads the shops' words' version in its own statement
 * and returns it: when it is not the version the meanings are of, they are forgotten and `run` runs again with
 * meanings looked up anew, so that an answer never rests on words older than its own snapshot.
 */
export async function withKeptWords<T>(
  db: Executor,
  text: string,
  scope: Scope,
  common: CommonFrom,
  run: (match: NameMatch | null) => Promise<{ version: number | null; value: T }>,
): Promise<T> {
  const typed = nameWords(text);
  if (typed.length === 0) return (await run(null)).value;
  const keptMatch = async () => {
    const kept = keptOf(db, scope);
    const missing = kept ? typed.filter((w) => !kept.meanings.has(w)) : typed;
    if (missing.length === 0 && kept) return matchOf(typed, kept, common);
    let found = keep(db, scope, await lookUp(db, missing, scope));
    // Kept meanings of an older version were dropped: look up the rest at the new one.
    if (typed.some((w) => !found.meanings.has(w))) found = keep(db, scope, await lookUp(db, typed, scope));
    return matchOf(typed, found, common);
  };
  const match = await keptMatch();
  const first = await run(match);
  if (first.version === null || first.version === match.version) return first.value;
  forget(db, scope);
  return (await run(await keptMatch())).value;
}
