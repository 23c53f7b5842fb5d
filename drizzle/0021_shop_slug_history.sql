CREATE TABLE "shop_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_slug_history" ADD CONSTRAINT "shop_slug_history_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A shop renamed keeps its old links (session 40): the slug it leaves is remembered for it, whoever renames it;
-- a slug a shop takes (again) is no longer an old one. proxy.ts sends an old slug's page on to the shop's slug of now.
CREATE OR REPLACE FUNCTION remember_shop_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.slug IS DISTINCT FROM NEW.slug THEN
    INSERT INTO shop_slug_history (slug, barbershop_id, retired_at) VALUES (OLD.slug, NEW.id, now())
      ON CONFLICT (slug) DO UPDATE SET barbershop_id = excluded.barbershop_id, retired_at = excluded.retired_at;
  END IF;
  DELETE FROM shop_slug_history WHERE slug = NEW.slug;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER barbershops_slug_history AFTER INSERT OR UPDATE OF slug ON barbershops
  FOR EACH ROW EXECUTE FUNCTION remember_shop_slug();
