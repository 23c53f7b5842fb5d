-- A wish may name the periods of the day it wants (an evening that bookings filled); empty: the whole day.
ALTER TABLE "waitlist" ADD COLUMN "periods" text[] DEFAULT '{}'::text[] NOT NULL;