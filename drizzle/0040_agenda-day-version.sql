CREATE TABLE "agenda_versions" (
	"barbershop_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_versions" ADD CONSTRAINT "agenda_versions_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every change of a shop's agenda raises its day version in the change's transaction (lib/server/agenda/day.ts keeps
-- a day read while it and the agenda version hold). The row's lock orders the raises as the changes commit.
CREATE OR REPLACE FUNCTION record_agenda_change(shop integer, change_kind text, appointment integer, barber integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  new_seq bigint;
BEGIN
  IF shop IS NULL THEN RETURN; END IF;
  INSERT INTO agenda_changes (barbershop_id, kind, appointment_id, barber_id) VALUES (shop, change_kind, appointment, barber) RETURNING seq INTO new_seq;
  INSERT INTO agenda_versions (barbershop_id, version) SELECT shop, 1 WHERE EXISTS (SELECT 1 FROM barbershops WHERE id = shop)
  ON CONFLICT (barbershop_id) DO UPDATE SET version = agenda_versions.version + 1;
  PERFORM pg_notify('agenda', json_build_object('shop', shop, 'seq', new_seq, 'kind', change_kind, 'booking_id', appointment, 'barber_id', barber)::text);
END
$$;--> statement-breakpoint
-- What the agenda shows of the team and the services, beyond what frees or takes time (which raises the agenda
-- version): a barber's name and photo, a service's name. An open agenda hears of them as it does of a booking.
CREATE OR REPLACE FUNCTION agenda_change_of_barber_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_agenda_change(NEW.barbershop_id, 'team.changed', NULL, NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER barbers_agenda_change AFTER UPDATE ON barbers
  FOR EACH ROW WHEN ((OLD.name, OLD.avatar_url, OLD.is_active) IS DISTINCT FROM (NEW.name, NEW.avatar_url, NEW.is_active))
  EXECUTE FUNCTION agenda_change_of_barber_row();--> statement-breakpoint
CREATE OR REPLACE FUNCTION agenda_change_of_service_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_agenda_change(NEW.barbershop_id, 'services.changed', NULL, NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER services_agenda_change AFTER UPDATE ON services
  FOR EACH ROW WHEN ((OLD.name, OLD.duration_minutes, OLD.price, OLD.is_active) IS DISTINCT FROM (NEW.name, NEW.duration_minutes, NEW.price, NEW.is_active))
  EXECUTE FUNCTION agenda_change_of_service_row();
