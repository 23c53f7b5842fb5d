-- The shop page's next free times stand for its most booked haircut, not its shortest service (a 10-minute "Pezinho" or
-- a "Corte infantil" was what a shop page offered times for; decision 0022, session 36). Counted here, by statement, on
-- every booking's services; the count changes what the kept days hold, so it raises the shop's agenda version in the
-- same transaction (as the appointment's own insert already does).
CREATE TABLE "service_bookings" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_bookings" ADD CONSTRAINT "service_bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_service_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO service_bookings (service_id, count)
    SELECT n.service_id, count(*) FROM new_rows n GROUP BY n.service_id
  ON CONFLICT (service_id) DO UPDATE SET count = service_bookings.count + excluded.count;
  PERFORM bump_shop_agenda(s.barbershop_id)
    FROM (SELECT DISTINCT sv.barbershop_id FROM new_rows n JOIN services sv ON sv.id = n.service_id ORDER BY 1) s;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER appointment_services_count AFTER INSERT ON appointment_services REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_service_bookings();--> statement-breakpoint
INSERT INTO service_bookings (service_id, count)
  SELECT service_id, count(*) FROM appointment_services GROUP BY service_id;--> statement-breakpoint
-- The kept days hold the shortest services' slots: computed again with the shop page's.
DELETE FROM shop_free_days;
