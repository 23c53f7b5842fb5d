-- A booking moved from one barber to another (decision 0063) is a change of both columns: the barber it left hears
-- of it too, since a barber's stream carries his own column's changes only.
CREATE OR REPLACE FUNCTION agenda_change_of_appointment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.created', NEW.id, NEW.barber_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM record_agenda_change(OLD.barbershop_id, 'booking.removed', OLD.id, OLD.barber_id);
  ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.cancelled', NEW.id, NEW.barber_id);
  ELSIF (NEW.starts_at, NEW.ends_at, NEW.barber_id) IS DISTINCT FROM (OLD.starts_at, OLD.ends_at, OLD.barber_id) THEN
    IF NEW.barber_id IS DISTINCT FROM OLD.barber_id THEN
      PERFORM record_agenda_change(OLD.barbershop_id, 'booking.moved', OLD.id, OLD.barber_id);
    END IF;
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.moved', NEW.id, NEW.barber_id);
  ELSE
    PERFORM record_agenda_change(NEW.barbershop_id, 'booking.updated', NEW.id, NEW.barber_id);
  END IF;
  RETURN NULL;
END
$$;
