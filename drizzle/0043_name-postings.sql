CREATE TABLE "shop_name_postings" (
	"word" text NOT NULL,
	"barbershop_id" integer NOT NULL,
	"reviews" integer NOT NULL,
	"words" text[] NOT NULL,
	CONSTRAINT "shop_name_postings_word_barbershop_id_pk" PRIMARY KEY("word","barbershop_id")
);
--> statement-breakpoint
CREATE TABLE "shop_words_version" (
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The list by name (lib/server/shops/by-name.ts) reads a typed word's shops from here, most reviewed first: an
-- index-only walk of (word, reviews desc, barbershop_id) that carries the name's words, so that the other typed words
-- are tested and the page ranked without reading the shops' rows (the GIN index on barbershops.name_words gives
-- the matches in no order, and each match then cost a read of its row: 1–2 µs, a thousand matches twice a request).
CREATE INDEX "shop_name_postings_rank_idx" ON "shop_name_postings" ("word", "reviews" DESC, "barbershop_id") INCLUDE ("words");--> statement-breakpoint
-- One row per word of an active shop's name; a shop that leaves (deleted, or no longer active) takes its rows along.
CREATE OR REPLACE FUNCTION shop_name_postings_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_words text[] := CASE WHEN TG_OP <> 'INSERT' AND OLD.is_active THEN OLD.name_words ELSE '{}'::text[] END;
  new_words text[] := CASE WHEN TG_OP <> 'DELETE' AND NEW.is_active THEN NEW.name_words ELSE '{}'::text[] END;
BEGIN
  IF TG_OP = 'UPDATE' AND old_words = new_words THEN
    IF NEW.rating_count IS DISTINCT FROM OLD.rating_count AND cardinality(new_words) > 0 THEN
      UPDATE shop_name_postings SET reviews = NEW.rating_count WHERE word = ANY (new_words) AND barbershop_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF cardinality(old_words) > 0 THEN
    DELETE FROM shop_name_postings WHERE word = ANY (old_words) AND barbershop_id = OLD.id;
  END IF;
  IF cardinality(new_words) > 0 THEN
    INSERT INTO shop_name_postings (word, barbershop_id, reviews, words)
      SELECT w, NEW.id, NEW.rating_count, new_words FROM unnest(new_words) w;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER barbershops_name_postings AFTER INSERT OR DELETE OR UPDATE OF name, rating_count, is_active ON barbershops
  FOR EACH ROW EXECUTE FUNCTION shop_name_postings_of_row();--> statement-breakpoint
INSERT INTO shop_name_postings (word, barbershop_id, reviews, words)
  SELECT w, b.id, b.rating_count, b.name_words FROM barbershops b, unnest(b.name_words) w WHERE b.is_active;--> statement-breakpoint
-- The shops' words' version: raised by every statement that adds or removes words, read in the same snapshot as the
-- words, so that a process may keep what a typed word means (name-words.ts) while it holds.
INSERT INTO "shop_words_version" ("version") VALUES (1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION raise_shop_words_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_words_version SET version = version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER shop_words_changed AFTER INSERT OR DELETE ON shop_words
  FOR EACH STATEMENT EXECUTE FUNCTION raise_shop_words_version();--> statement-breakpoint
-- The location search box compares each place's folded name four times a request: kept folded.
ALTER TABLE "places" ADD COLUMN "name_fold" text GENERATED ALWAYS AS (navalha_fold("name")) STORED;
