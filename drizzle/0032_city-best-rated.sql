DROP INDEX "barbershops_city_idx";--> statement-breakpoint
CREATE INDEX "barbershops_city_idx" ON "barbershops" USING btree ("city_slug","rating_avg" DESC NULLS LAST,"rating_count" DESC NULLS LAST,"id");--> statement-breakpoint
-- The list by name (/v3/client/barbershops-by-name, and the lists' `name=`): a part of the name, or nearly the
-- name (pg_trgm's word similarity), without minding accents or case. GIN answers both LIKE and `<%`.
CREATE INDEX IF NOT EXISTS "barbershops_name_fold_trgm_idx" ON "barbershops" USING gin (navalha_fold("name") gin_trgm_ops);
