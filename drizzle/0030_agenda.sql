CREATE TABLE "agenda_bookings" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"source" text,
	"booked_by_user_id" integer,
	"arrived_at" timestamp with time zone,
	"no_show_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "agenda_bookings_source_check" CHECK ("agenda_bookings"."source" is null or "agenda_bookings"."source" = 'front_desk')
);
--> statement-breakpoint
CREATE TABLE "agenda_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"kind" text NOT NULL,
	"appointment_id" integer,
	"barber_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_feeds" (
	"barber_id" integer PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_feeds" ADD CONSTRAINT "agenda_feeds_barber_id_barbers_id_fk" FOREIGN KEY ("barber_id") REFERENCES "public"."barbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_feeds" ADD CONSTRAINT "agenda_feeds_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_bookings_no_show_idx" ON "agenda_bookings" USING btree ("barbershop_id") WHERE "agenda_bookings"."no_show_at" is not null;--> statement-breakpoint
CREATE INDEX "agenda_changes_shop_idx" ON "agenda_changes" USING btree ("barbershop_id","seq");--> statement-breakpoint
CREATE INDEX "agenda_changes_at_idx" ON "agenda_changes" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_feeds_token_key" ON "agenda_feeds" USING btree ("token_hash");--> statement-breakpoint
-- Every change to a shop's agenda, by any path, in the change's own transaction; NOTIFY is delivered on commit
-- (never for a change rolled back), to every app server listening on the `agenda` channel, as the change in JSON.
CREATE OR REPLACE FUNCTION record_agenda_change(shop integer, change_kind text, appointment integer, barber integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  new_seq bigint;
BEGIN
  IF shop IS NULL THEN RETURN; END IF;
  INSERT INTO agenda_changes (barbershop_id, kind, appointment_id, barber_id) VALUES (shop, change_kind, appointment, barber) RETURNING seq INTO new_seq;
  PERFORM pg_notify('agenda', json_build_object('shop', shop, 'seq', new_seq, 'kind', change_kind, 'booking_id', appointment, 'barber_id', barber)::text);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agenda_change_of_appointment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.created', NEW.id, NEW.barber_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM record_agenda_change(OLD.barbershop_id, 'booking.removed', OLD.id, OLD.barber_id);
  ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.cancelled', NEW.id, NEW.barber_id);
  ELSIF (NEW.starts_at, NEW.ends_at, NEW.barber_id) IS DISTINCT FROM (OLD.starts_at, OLD.ends_at, OLD.barber_id) THEN
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.moved', NEW.id, NEW.barber_id);
  ELSE
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.updated', NEW.id, NEW.barber_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER appointments_agenda_change AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION agenda_change_of_appointment();--> statement-breakpoint
CREATE OR REPLACE FUNCTION agenda_change_of_booking_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  PERFORM record_agenda_change(NEW.barbershop_id, 'booking.updated', NEW.appointment_id, (SELECT barber_id FROM appointments WHERE id = NEW.appointment_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER agenda_bookings_agenda_change AFTER INSERT OR UPDATE ON agenda_bookings
  FOR EACH ROW EXECUTE FUNCTION agenda_change_of_booking_facts();--> statement-breakpoint
-- Blocks and breaks name a barber: the change is his shop's.
CREATE OR REPLACE FUNCTION agenda_change_of_barber_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  barber integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.barber_id ELSE NEW.barber_id END;
BEGIN
  PERFORM record_agenda_change((SELECT barbershop_id FROM barbers WHERE id = barber), 'time.changed', NULL, barber);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER blocked_times_agenda_change AFTER INSERT OR UPDATE OR DELETE ON blocked_times
  FOR EACH ROW EXECUTE FUNCTION agenda_change_of_barber_time();--> statement-breakpoint
CREATE TRIGGER barber_breaks_agenda_change AFTER INSERT OR UPDATE OR DELETE ON barber_breaks
  FOR EACH ROW EXECUTE FUNCTION agenda_change_of_barber_time();
