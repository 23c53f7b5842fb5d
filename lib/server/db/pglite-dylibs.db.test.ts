// pg_trgm's `%` and `<->` call one of the library's own functions through its address: the call
// that broke when PGlite linked its extension libraries concurrently (pglite-dylibs.ts). Without
// the fix about one fresh database in ten was broken (ten fresh ones find it about two times in three;
// the search and fuzz tests, which call the same operators, open fifteen more).
import { sql } from "drizzle-orm";
import { openPglite } from "./client";
import { describeError, errorText } from "@/lib/server/describe-error";
import { rowsOf } from "@/lib/server/shops/cards";

const FRESH_DATABASES = 10;

(process.env.DATABASE_URL ? describe.skip : describe)("embedded database extensions", () => {
  it(`pg_trgm's operators work in each of ${FRESH_DATABASES} fresh databases with every extension loaded`, async () => {
    const broken: string[] = [];
    for (let i = 0; i < FRESH_DATABASES; i++) {
      const handle = await openPglite();
      try {
        for (const ext of ["btree_gist", "cube", "earthdistance", "pg_trgm", "unaccent"]) await handle.db.execute(sql.raw(`create extension ${ext}`));
        for (const [a, b] of [
          ["Pinheiros", "pinh"],
          ["Pinheiros", "Pinheros"],
        ]) {
          const [row] = rowsOf(
            await handle.db.execute(sql`select ${a}::text % ${b}::text as match, round((${a}::text <-> ${b}::text)::numeric, 2) as distance`),
          );
          expect(typeof row.match).toBe("boolean");
        }
        const [near] = rowsOf(await handle.db.execute(sql`select 'Pinheiros'::text % 'Pinheros'::text as match`));
        expect(near.match).toBe(true);
        const [folded] = rowsOf(await handle.db.execute(sql`select unaccent('São Conceição') as text`));
        expect(folded.text).toBe("Sao Conceicao");
      } catch (err) {
        broken.push(`database ${i}: ${describeError(err).cause?.join(" ← ") ?? errorText(err)}`);
      } finally {
        await handle.close();
      }
    }
    expect(broken).toEqual([]);
  }, 240_000);
});
