-- Issue 14: the home page's search box finds shops by name, neighbourhood, street or city, whatever
-- the accents and with a typo: trigrams (pg_trgm) over lower-cased text without accents (unaccent).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could be changed); an index and a generated column need an
-- IMMUTABLE expression: this wrapper names the dictionary, as unaccent's documentation suggests.
CREATE OR REPLACE FUNCTION navalha_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
-- What the box searches in: name, neighbourhood, street address and city, folded.
ALTER TABLE "barbershops" ADD COLUMN "search_text" text
  GENERATED ALWAYS AS (navalha_fold("name" || ' ' || "neighborhood" || ' ' || "address" || ' ' || "city")) STORED;--> statement-breakpoint
-- GiST, not GIN: it also walks the matches in word-similarity order (`<<->`), so that a common word
-- ("barbearia", in most names) still answers with the best few without ranking every match.
CREATE INDEX "barbershops_search_trgm_idx" ON "barbershops" USING gist ("search_text" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_name_fold_trgm_idx" ON "places" USING gin (navalha_fold("name") gin_trgm_ops);
