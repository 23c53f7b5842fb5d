-- Issue 15: the page tags of migration 0013 were raised once per changed row: a statement that writes many
-- rows (a new shop's week of hours, a team's services, the demo data: 52 of its 60 s on PGlite) took a
-- version and an upsert of page_tags per row. The same tags are now raised once per statement, from its
-- transition tables (a trigger with transition tables fires on one event: three per table).
CREATE OR REPLACE FUNCTION bump_page_tags_of_shops(shops integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT bump_page_tags(ARRAY(
    SELECT t FROM barbershops b, LATERAL (VALUES ('shop:' || b.slug), ('city:' || b.city_slug)) v(t) WHERE b.id = ANY(shops)
  ))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION page_tags_of_barbershop_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_page_tags(ARRAY(SELECT t FROM new_rows n, LATERAL (VALUES ('shop:' || n.slug), ('city:' || n.city_slug)) v(t)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_page_tags(ARRAY(SELECT t FROM old_rows o, LATERAL (VALUES ('shop:' || o.slug), ('city:' || o.city_slug)) v(t)));
  ELSE
    -- Only rows that changed; a moved or renamed shop raises its old and its new tags.
    PERFORM bump_page_tags(ARRAY(
      SELECT t FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES ('shop:' || o.slug), ('city:' || o.city_slug), ('shop:' || n.slug), ('city:' || n.city_slug)) v(t)
      WHERE o IS DISTINCT FROM n
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows that name their shop (shop_hours, barbers, services, reviews).
CREATE OR REPLACE FUNCTION page_tags_of_shop_column_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_page_tags_of_shops(ARRAY(SELECT DISTINCT barbershop_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_page_tags_of_shops(ARRAY(SELECT DISTINCT barbershop_id FROM old_rows));
  ELSE
    PERFORM bump_page_tags_of_shops(ARRAY(SELECT barbershop_id FROM old_rows UNION SELECT barbershop_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Which barber does which service (the team section): the barbers' shops.
CREATE OR REPLACE FUNCTION page_tags_of_barber_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_page_tags_of_shops(ARRAY(SELECT DISTINCT b.barbershop_id FROM barbers b WHERE b.id IN (SELECT barber_id FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_page_tags_of_shops(ARRAY(SELECT DISTINCT b.barbershop_id FROM barbers b WHERE b.id IN (SELECT barber_id FROM old_rows)));
  ELSE
    PERFORM bump_page_tags_of_shops(ARRAY(
      SELECT DISTINCT b.barbershop_id FROM barbers b WHERE b.id IN (SELECT barber_id FROM old_rows UNION SELECT barber_id FROM new_rows)
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS barbershops_page_tags ON barbershops;--> statement-breakpoint
DROP TRIGGER IF EXISTS barbershops_page_tags_update ON barbershops;--> statement-breakpoint
DROP TRIGGER IF EXISTS shop_hours_page_tags ON shop_hours;--> statement-breakpoint
DROP TRIGGER IF EXISTS barbers_page_tags ON barbers;--> statement-breakpoint
DROP TRIGGER IF EXISTS services_page_tags ON services;--> statement-breakpoint
DROP TRIGGER IF EXISTS reviews_page_tags ON reviews;--> statement-breakpoint
DROP TRIGGER IF EXISTS barber_services_page_tags ON barber_services;--> statement-breakpoint
DROP FUNCTION IF EXISTS page_tags_of_barbershop();--> statement-breakpoint
DROP FUNCTION IF EXISTS page_tags_of_shop_column();--> statement-breakpoint
DROP FUNCTION IF EXISTS page_tags_of_barber();--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_page_tags_of_shop(integer);--> statement-breakpoint
CREATE TRIGGER barbershops_page_tags_insert AFTER INSERT ON barbershops REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_barbershop_rows();--> statement-breakpoint
CREATE TRIGGER barbershops_page_tags_update AFTER UPDATE ON barbershops REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_barbershop_rows();--> statement-breakpoint
CREATE TRIGGER barbershops_page_tags_delete AFTER DELETE ON barbershops REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_barbershop_rows();--> statement-breakpoint
CREATE TRIGGER shop_hours_page_tags_insert AFTER INSERT ON shop_hours REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER shop_hours_page_tags_update AFTER UPDATE ON shop_hours REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER shop_hours_page_tags_delete AFTER DELETE ON shop_hours REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER barbers_page_tags_insert AFTER INSERT ON barbers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER barbers_page_tags_update AFTER UPDATE ON barbers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER barbers_page_tags_delete AFTER DELETE ON barbers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER services_page_tags_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER services_page_tags_update AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER services_page_tags_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER reviews_page_tags_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER reviews_page_tags_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER reviews_page_tags_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_shop_column_rows();--> statement-breakpoint
CREATE TRIGGER barber_services_page_tags_insert AFTER INSERT ON barber_services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_barber_rows();--> statement-breakpoint
CREATE TRIGGER barber_services_page_tags_update AFTER UPDATE ON barber_services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_barber_rows();--> statement-breakpoint
CREATE TRIGGER barber_services_page_tags_delete AFTER DELETE ON barber_services REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION page_tags_of_barber_rows();
