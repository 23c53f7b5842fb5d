-- The list by name tests each typed word against the folded name (lib/server/shops/search.ts): kept in a column, so
-- that the test of each candidate the trigram index yields reads it instead of folding the name again (unaccent's
-- dictionary, for every candidate and every word: half the time of a common name's list on 100,000 shops).
ALTER TABLE "barbershops" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (navalha_fold("name")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "barbershops_name_fold_trgm_idx";--> statement-breakpoint
CREATE INDEX "barbershops_name_fold_trgm_idx" ON "barbershops" USING gin ("name_fold" gin_trgm_ops);
