-- The period filter of the lists (morning, afternoon, night today) looked up each shop's hours: a 5 km
-- radius meant 12,000 index probes into shop_hours. Each shop now carries its open periods as bits,
-- bit weekday * 3 + period (0 morning [06:00, 12:00), 1 afternoon [12:00, 18:00), 2 night [18:00, 24:00);
-- PERIOD_HOURS in lib/contract/search-constants.ts, which a test compares with this), kept by triggers.
ALTER TABLE "barbershops" ADD COLUMN "open_periods" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION shop_open_periods(shop integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(bit_or((
      CASE WHEN h.opens < '12:00'::time AND h.closes > '06:00'::time THEN 1 ELSE 0 END
    | CASE WHEN h.opens < '18:00'::time AND h.closes > '12:00'::time THEN 2 ELSE 0 END
    | CASE WHEN h.opens < '24:00'::time AND h.closes > '18:00'::time THEN 4 ELSE 0 END
  ) << (h.weekday * 3)), 0)
  FROM shop_hours h WHERE h.barbershop_id = shop
$$;--> statement-breakpoint
CREATE FUNCTION shop_hours_refresh_open_periods() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statement-level, with the changed rows as transition tables: a bulk insert refreshes each shop once.
  IF TG_OP = 'INSERT' THEN
    UPDATE barbershops b SET open_periods = shop_open_periods(b.id) WHERE b.id IN (SELECT barbershop_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE barbershops b SET open_periods = shop_open_periods(b.id)
    WHERE b.id IN (SELECT barbershop_id FROM new_rows UNION SELECT barbershop_id FROM old_rows);
  ELSE
    UPDATE barbershops b SET open_periods = shop_open_periods(b.id) WHERE b.id IN (SELECT barbershop_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER shop_hours_open_periods_insert AFTER INSERT ON shop_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_hours_refresh_open_periods();--> statement-breakpoint
CREATE TRIGGER shop_hours_open_periods_update AFTER UPDATE ON shop_hours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_hours_refresh_open_periods();--> statement-breakpoint
CREATE TRIGGER shop_hours_open_periods_delete AFTER DELETE ON shop_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_hours_refresh_open_periods();--> statement-breakpoint
UPDATE barbershops b SET open_periods = shop_open_periods(b.id) WHERE EXISTS (SELECT 1 FROM shop_hours h WHERE h.barbershop_id = b.id);
