-- Issue 15: shop, city and home pages are served from a cache (lib/page-cache.ts) and dropped when what
-- they show changes. Each change raises the version of the tags it touches, in its own transaction:
-- "shop:<slug>" (the shop page) and "city:<city slug>" (the city's pages, and the home page's highlights).
-- Servers poll page_tags for versions above the last one they saw (lib/server/shops/page-cache-sync.ts).
CREATE SEQUENCE IF NOT EXISTS page_tag_version;--> statement-breakpoint
-- Tags in one order, so two transactions raising the same tags wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION bump_page_tags(tags text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO page_tags (tag, version)
  SELECT t, nextval('page_tag_version') FROM (SELECT DISTINCT t FROM unnest(tags) t WHERE t IS NOT NULL ORDER BY t) s
  ON CONFLICT (tag) DO UPDATE SET version = excluded.version
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_page_tags_of_shop(shop integer) RETURNS void LANGUAGE sql AS $$
  SELECT bump_page_tags(ARRAY['shop:' || slug, 'city:' || city_slug]) FROM barbershops WHERE id = shop
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_tags_of_barbershop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_page_tags(ARRAY['shop:' || OLD.slug, 'city:' || OLD.city_slug]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_page_tags(ARRAY['shop:' || NEW.slug, 'city:' || NEW.city_slug]); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows that name their shop (shop_hours, barbers, services, reviews).
CREATE OR REPLACE FUNCTION page_tags_of_shop_column() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_page_tags_of_shop(OLD.barbershop_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.barbershop_id IS DISTINCT FROM OLD.barbershop_id) THEN
    PERFORM bump_page_tags_of_shop(NEW.barbershop_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Which barber does which service (the team section): the barber's shop.
CREATE OR REPLACE FUNCTION page_tags_of_barber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_page_tags_of_shop((SELECT barbershop_id FROM barbers WHERE id = OLD.barber_id)); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM bump_page_tags_of_shop((SELECT barbershop_id FROM barbers WHERE id = NEW.barber_id)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER barbershops_page_tags AFTER INSERT OR DELETE ON barbershops
  FOR EACH ROW EXECUTE FUNCTION page_tags_of_barbershop();--> statement-breakpoint
CREATE TRIGGER barbershops_page_tags_update AFTER UPDATE ON barbershops
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION page_tags_of_barbershop();--> statement-breakpoint
CREATE TRIGGER shop_hours_page_tags AFTER INSERT OR UPDATE OR DELETE ON shop_hours
  FOR EACH ROW EXECUTE FUNCTION page_tags_of_shop_column();--> statement-breakpoint
CREATE TRIGGER barbers_page_tags AFTER INSERT OR UPDATE OR DELETE ON barbers
  FOR EACH ROW EXECUTE FUNCTION page_tags_of_shop_column();--> statement-breakpoint
CREATE TRIGGER services_page_tags AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION page_tags_of_shop_column();--> statement-breakpoint
CREATE TRIGGER reviews_page_tags AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION page_tags_of_shop_column();--> statement-breakpoint
CREATE TRIGGER barber_services_page_tags AFTER INSERT OR UPDATE OR DELETE ON barber_services
  FOR EACH ROW EXECUTE FUNCTION page_tags_of_barber();
