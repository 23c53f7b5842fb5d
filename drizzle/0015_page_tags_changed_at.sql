-- Issue 15: the sitemap gives each shop and city page its lastmod, the time what the page shows last changed.
-- The page tags (migrations 0012-0014) are raised by every such change; they now keep its time. (Tags raised
-- before this migration take its time: a change no later than that.)
ALTER TABLE "page_tags" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_page_tags(tags text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO page_tags (tag, version, changed_at)
  SELECT t, nextval('page_tag_version'), now() FROM (SELECT DISTINCT t FROM unnest(tags) t WHERE t IS NOT NULL ORDER BY t) s
  ON CONFLICT (tag) DO UPDATE SET version = excluded.version, changed_at = excluded.changed_at
$$;
