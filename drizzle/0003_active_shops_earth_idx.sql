-- Every list asks for active shops only. With the condition in the index, counting the shops in
-- a radius is an index-only scan (no visit to each shop's row once autovacuum has marked the pages
-- all-visible): the count of a list cost as much as its page before.
DROP INDEX IF EXISTS "barbershops_earth_idx";--> statement-breakpoint
CREATE INDEX "barbershops_earth_idx" ON "barbershops" USING gist ("earth") WHERE "is_active";
