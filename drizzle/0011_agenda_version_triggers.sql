-- Issue 14: the lists read a shop's day from shop_free_days only while the row's version is the shop's
-- agenda version (lib/server/shops/free-times-sql.ts). Every change to what is free raises the version
-- in the same transaction, so a day computed before a booking is never read after it.
-- (A shop being deleted has nothing left to version: its rows go with it.)
CREATE OR REPLACE FUNCTION bump_shop_agenda(shop integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO shop_agenda (barbershop_id, version) SELECT shop, 1 WHERE EXISTS (SELECT 1 FROM barbershops WHERE id = shop)
  ON CONFLICT (barbershop_id) DO UPDATE SET version = shop_agenda.version + 1
$$;--> statement-breakpoint
-- Rows that name the shop themselves (appointments, shop_hours, services; barbershops by its id).
CREATE OR REPLACE FUNCTION bump_agenda_of_shop_column() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  column_name text := TG_ARGV[0];
  old_shop integer;
  new_shop integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN EXECUTE format('SELECT ($1).%I', column_name) INTO old_shop USING OLD; END IF;
  IF TG_OP <> 'DELETE' THEN EXECUTE format('SELECT ($1).%I', column_name) INTO new_shop USING NEW; END IF;
  PERFORM bump_shop_agenda(old_shop);
  IF new_shop IS DISTINCT FROM old_shop THEN PERFORM bump_shop_agenda(new_shop); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows that name a barber (blocked times, barber hours and breaks, barber_services): the barber's shop.
CREATE OR REPLACE FUNCTION bump_agenda_of_barber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM bump_shop_agenda((SELECT barbershop_id FROM barbers WHERE id = OLD.barber_id)); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.barber_id IS DISTINCT FROM OLD.barber_id) THEN
    PERFORM bump_shop_agenda((SELECT barbershop_id FROM barbers WHERE id = NEW.barber_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER appointments_agenda AFTER INSERT OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
-- A confirmation or a price change frees nothing: only the time, the barber or a cancellation count.
CREATE TRIGGER appointments_agenda_update AFTER UPDATE ON appointments
  FOR EACH ROW WHEN ((OLD.starts_at, OLD.ends_at, OLD.barber_id, OLD.barbershop_id, OLD.status = 'cancelled')
                     IS DISTINCT FROM (NEW.starts_at, NEW.ends_at, NEW.barber_id, NEW.barbershop_id, NEW.status = 'cancelled'))
  EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
CREATE TRIGGER shop_hours_agenda AFTER INSERT OR UPDATE OR DELETE ON shop_hours
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
CREATE TRIGGER services_agenda AFTER INSERT OR DELETE ON services
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
-- Which service is the shortest (duration, then price) and whether it is bookable online.
CREATE TRIGGER services_agenda_update AFTER UPDATE ON services
  FOR EACH ROW WHEN ((OLD.duration_minutes, OLD.price, OLD.is_active, OLD.is_online, OLD.category, OLD.barbershop_id)
                     IS DISTINCT FROM (NEW.duration_minutes, NEW.price, NEW.is_active, NEW.is_online, NEW.category, NEW.barbershop_id))
  EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
CREATE TRIGGER barbers_agenda AFTER INSERT OR DELETE ON barbers
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
CREATE TRIGGER barbers_agenda_update AFTER UPDATE ON barbers
  FOR EACH ROW WHEN ((OLD.is_active, OLD.barbershop_id) IS DISTINCT FROM (NEW.is_active, NEW.barbershop_id))
  EXECUTE FUNCTION bump_agenda_of_shop_column('barbershop_id');--> statement-breakpoint
-- The grid, the zone and whether the shop is listed (the notice is read when the list is asked for).
CREATE TRIGGER barbershops_agenda_update AFTER UPDATE ON barbershops
  FOR EACH ROW WHEN ((OLD.agenda_time_interval, OLD.timezone, OLD.is_active) IS DISTINCT FROM (NEW.agenda_time_interval, NEW.timezone, NEW.is_active))
  EXECUTE FUNCTION bump_agenda_of_shop_column('id');--> statement-breakpoint
CREATE TRIGGER blocked_times_agenda AFTER INSERT OR UPDATE OR DELETE ON blocked_times
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_barber();--> statement-breakpoint
CREATE TRIGGER barber_hours_agenda AFTER INSERT OR UPDATE OR DELETE ON barber_hours
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_barber();--> statement-breakpoint
CREATE TRIGGER barber_breaks_agenda AFTER INSERT OR UPDATE OR DELETE ON barber_breaks
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_barber();--> statement-breakpoint
CREATE TRIGGER barber_services_agenda AFTER INSERT OR UPDATE OR DELETE ON barber_services
  FOR EACH ROW EXECUTE FUNCTION bump_agenda_of_barber();
