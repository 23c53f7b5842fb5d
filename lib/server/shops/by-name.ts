import "server-only";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { TShopSearch } from "@/lib/contract/search";
import { TOTAL_CAP } from "@/lib/contract/search-constants";
import type { Executor } from "@/lib/server/db/client";
import { compileOnce, runPrepared } from "@/lib/server/db/prepared";
import { rowsOf, shopCardColumns } from "./cards";
import { type CommonFrom, MAX_WORDS, type NameMatch, nameWords, textArray, withKeptWords } from "./name-words";

// The list by name in its own order (the most reviewed first, no position, no filter): read from the shops' name
// words (shop_name_postings, migration 0043), one index-only walk of the rarest typed word's words in the order of
// the shops' reviews, each posting carrying the name's words so that the other typed words are tested on it. The
// page and the capped count come from the same statement, and the cards are made for the page's shops alone. The
// lists with a position, another order or a filter find their shops by the GIN index on barbershops.name_words
// (search.ts).

/** A list by name that the shops' name words answer: no position, the default order, no filter. */
export function listsByPostings(q: TShopSearch): boolean {
  return (
    Boolean(q.name) &&
    nameWords(q.name ?? "").length > 0 &&
    (q.latitude == null || q.longitude == null) &&
    q.sort === "distance" &&
    q.min_price == null &&
    q.max_price == null &&
    !q.period &&
    !q.category
  );
}

/** Kept meanings count whether a name is common only for the GIN lists; the walk here is the same either way. */
const ANY_NAME: CommonFrom = { from: Number.POSITIVE_INFINITY, by: "all" };

const WORDS = ["word0", "word1", "word2", "word3", "word4"] as const;

type Values = { [K in (typeof WORDS)[number]]?: string | Placeholder } & {
  limit: number | Placeholder;
  skip: number | Placeholder;
  clientId?: number | Placeholder;
  now?: string | Placeholder;
};

const SLOTS: Required<Values> = {
  word0: sql.placeholder("word0"),
  word1: sql.placeholder("word1"),
  word2: sql.placeholder("word2"),
  word3: sql.placeholder("word3"),
  word4: sql.placeholder("word4"),
  limit: sql.placeholder("limit"),
  skip: sql.placeholder("skip"),
  clientId: sql.placeholder("clientId"),
  now: sql.placeholder("now"),
};

/**
 * The statement of a list by name of `count` typed words (rarest first), with or without a client (its favourites)
 * and a fixed time (tests): one row a card of the page (its JSON text), each with the capped count and the shops'
 * words' version; a page without cards is one row with none. The rarest word's words are walked one by one, each in the reviews' order (the index's),
 * and stop at the page's end (`limit + skip`, for the page) or at TOTAL_CAP (for the count): a shop has each word
 * once, so a word's walk meets a shop once, and TOTAL_CAP shops of one word are TOTAL_CAP distinct matches.
 */
function byNameStatement(count: number, oneWord: boolean, withClient: boolean, withNow: boolean, v: Values): SQL {
  // One word walked meets each shop once: nothing to make distinct.
  const distinct = oneWord ? sql`` : sql`distinct `;
  const others = WORDS.slice(1, count).map((k) => sql` and p.words && ${v[k]}::text[]`);
  const tests = sql.join(others, sql``);
  const now = withNow ? sql`${v.now}::timestamptz` : undefined;
  const cards = shopCardColumns({ clientId: withClient ? (v.clientId as Placeholder | number) : null, now });
  return sql`with matches as (
      select ${distinct}x.barbershop_id as id, x.reviews
      from unnest(${v.word0}::text[]) w(word),
      lateral (select p.barbershop_id, p.reviews from shop_name_postings p
        where p.word = w.word${tests}
        order by p.reviews desc, p.barbershop_id limit ${v.limit}::int + ${v.skip}::int) x
    ),
    counted as (
      select count(*)::int as n from (select ${distinct}x.barbershop_id
        from unnest(${v.word0}::text[]) w(word),
        lateral (select p.barbershop_id from shop_name_postings p where p.word = w.word${tests} limit ${sql.raw(String(TOTAL_CAP))}) x) d
    ),
    page as (select m.id, m.reviews from matches m order by m.reviews desc, m.id limit ${v.limit} offset ${v.skip})
    select c.card, head.total, head.words_version
    from (select least((select n from counted), ${sql.raw(String(TOTAL_CAP))})::int as total,
      (select s.version from shop_words_version s)::float8 as words_version) head
    left join lateral (select row_to_json(c)::text as card from (
        select ${cards} from page join barbershops b on b.id = page.id order by page.reviews desc, page.id
      ) c) c on true`;
}

function valuesOf(q: TShopSearch, match: NameMatch, ctx: { clientId?: number | null; now?: Date }): Values {
  return {
    ...Object.fromEntries(match.words.slice(0, MAX_WORDS).map((w, i) => [WORDS[i], textArray(w)])),
    limit: q.limit,
    skip: q.skip,
    clientId: ctx.clientId ?? undefined,
    now: ctx.now?.toISOString(),
  };
}

/** The cards (PostgreSQL's JSON text of each) and capped count of a list by name that listsByPostings takes. */
export async function byNameCards(db: Executor, q: TShopSearch, ctx: { clientId?: number | null; now?: Date }): Promise<{ cards: string[]; total: number }> {
  return withKeptWords(db, q.name ?? "", "names", ANY_NAME, async (match) => {
    // A typed word that means no shop's word still runs the statement (it finds nothing): its version says whether
    // that is still so.
    if (!match) return { version: null, value: { cards: [], total: 0 } };
    const count = Math.min(match.words.length, MAX_WORDS);
    const withClient = Boolean(ctx.clientId);
    const withNow = Boolean(ctx.now);
    const oneWord = match.words[0].length === 1;
    const values = valuesOf(q, match, ctx);
    const key = `by-name ${count} ${oneWord} ${withClient} ${withNow}`;
    const rows =
      (await runPrepared(db, () => compileOnce(key, () => byNameStatement(count, oneWord, withClient, withNow, SLOTS), values))) ??
      rowsOf(await db.execute(byNameStatement(count, oneWord, withClient, withNow, values)));
    // One row a card, each with the count and the version; a page without cards is one row without a card.
    const cards = rows.filter((r) => r.card != null).map((r) => String(r.card));
    return { version: Number(rows[0]?.words_version), value: { cards, total: Number(rows[0]?.total ?? 0) } };
  });
}

/** The statement of a list by name with its values, compiled (the benchmark's EXPLAIN). */
export function byNameStatementForExplain(q: TShopSearch, match: NameMatch): { sql: string; params: unknown[] } {
  const count = Math.min(match.words.length, MAX_WORDS);
  const oneWord = match.words[0].length === 1;
  return compileOnce(`by-name ${count} ${oneWord} false false`, () => byNameStatement(count, oneWord, false, false, SLOTS), valuesOf(q, match, {}));
}
