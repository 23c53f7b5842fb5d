CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geocoder_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocoder_clock_one_row" CHECK ("geocoder_clock"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "barbershops" ADD COLUMN "description_i18n" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
INSERT INTO "geocoder_clock" ("id") VALUES (1) ON CONFLICT DO NOTHING;
