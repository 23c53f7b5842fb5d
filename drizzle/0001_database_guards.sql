-- What Drizzle cannot express: extensions, the overlap guard, geo and trigram indexes.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Two appointments of one barber that are not cancelled can never overlap.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("barber_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');--> statement-breakpoint
-- PostgreSQL 15's earthdistance cannot ANALYZE an expression index on ll_to_earth(), so the
-- point is stored in a generated column and that column is indexed.
ALTER TABLE "barbershops" ADD COLUMN "earth" earth GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")) STORED;--> statement-breakpoint
CREATE INDEX "barbershops_earth_idx" ON "barbershops" USING gist ("earth");--> statement-breakpoint
CREATE INDEX "barbershops_name_trgm_idx" ON "barbershops" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_name_trgm_idx" ON "places" USING gin ("name" gin_trgm_ops);
