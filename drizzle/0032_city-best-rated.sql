DROP INDEX "barbershops_city_idx";--> statement-breakpoint
CREATE INDEX "barbershops_city_idx" ON "barbershops" USING btree ("city_slug","rating_avg" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id");--> statement-breakpoint
-- The list by name (/v3/client/barbershops-by-name, and the lists' `name=`): a part of the name, or nearly the
-- name (pg_trgm's word similarity), without minding accents or case. GIN answers both LIKE and `<%`.
CREATE INDEX IF NOT EXISTS "barbershops_name_fold_trgm_idx" ON "barbershops" USING gin (navalha_fold("name") gin_trgm_ops);
--> statement-breakpoint
-- The service a shop's next free times stand for (decision 0051): a touch-up of under 20 minutes ("Pezinho",
-- "Acabamento") only when the shop has nothing longer of that kind; otherwise as before (the most booked, then the
-- shortest, the cheapest, the oldest), so a card says "horários livres para Corte", not "para Pezinho".
CREATE OR REPLACE FUNCTION featured_services_of(shop integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(f.category, f.id), '{}'::jsonb) FROM (
    (SELECT DISTINCT ON (s.category) s.category, s.id
       FROM services s LEFT JOIN service_bookings c ON c.service_id = s.id
      WHERE s.barbershop_id = shop AND s.is_active AND s.is_online
      ORDER BY s.category, (s.duration_minutes >= 20) DESC, coalesce(c.count, 0) DESC, s.duration_minutes, s.price, s.id)
    UNION ALL
    (SELECT '' AS category, s.id
       FROM services s LEFT JOIN service_bookings c ON c.service_id = s.id
      WHERE s.barbershop_id = shop AND s.is_active AND s.is_online
      ORDER BY (s.category = 'hair') DESC, (s.duration_minutes >= 20) DESC, coalesce(c.count, 0) DESC, s.duration_minutes, s.price, s.id
      LIMIT 1)
  ) f
$$;--> statement-breakpoint
UPDATE shop_agenda SET featured = featured_services_of(barbershop_id);--> statement-breakpoint
-- The kept days held the old featured services' slots: computed again.
DELETE FROM shop_free_days;
