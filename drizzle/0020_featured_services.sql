ALTER TABLE "shop_agenda" ADD COLUMN "featured" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The services a shop's next free times stand for, kept beside its agenda version (decision 0022, session 37): the lists
-- read them inside their one statement instead of ordering each shop's services by their bookings on every request
-- (a statement of its own cost the free-time list a third of its throughput). By category the most booked of it, then
-- the shortest, the cheapest, the oldest; under '' the shop's own: its featured haircut, else its most booked service.
-- Only what every raise of the version already follows decides them (services and service_bookings raise it), so they
-- are set with each raise, in the same transaction.
CREATE OR REPLACE FUNCTION featured_services_of(shop integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(f.category, f.id), '{}'::jsonb) FROM (
    (SELECT DISTINCT ON (s.category) s.category, s.id
       FROM services s LEFT JOIN service_bookings c ON c.service_id = s.id
      WHERE s.barbershop_id = shop AND s.is_active AND s.is_online
      ORDER BY s.category, coalesce(c.count, 0) DESC, s.duration_minutes, s.price, s.id)
    UNION ALL
    (SELECT '' AS category, s.id
       FROM services s LEFT JOIN service_bookings c ON c.service_id = s.id
      WHERE s.barbershop_id = shop AND s.is_active AND s.is_online
      ORDER BY (s.category = 'hair') DESC, coalesce(c.count, 0) DESC, s.duration_minutes, s.price, s.id
      LIMIT 1)
  ) f
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_shop_agenda(shop integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO shop_agenda (barbershop_id, version, featured) SELECT shop, 1, featured_services_of(shop) WHERE EXISTS (SELECT 1 FROM barbershops WHERE id = shop)
  ON CONFLICT (barbershop_id) DO UPDATE SET version = shop_agenda.version + 1, featured = excluded.featured
$$;--> statement-breakpoint
-- Every shop gets its row (version 0 where it had none: what an absent row meant).
INSERT INTO shop_agenda (barbershop_id, version, featured)
  SELECT b.id, 0, featured_services_of(b.id) FROM barbershops b
  ON CONFLICT (barbershop_id) DO UPDATE SET featured = excluded.featured;--> statement-breakpoint
-- The kept days held the shortest services' slots: computed again with the featured ones.
DELETE FROM shop_free_days;
