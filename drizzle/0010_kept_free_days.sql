CREATE TABLE "shop_agenda" (
	"barbershop_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_free_days" (
	"barbershop_id" integer NOT NULL,
	"day" date NOT NULL,
	"version" bigint NOT NULL,
	"slots" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_free_days_barbershop_id_day_pk" PRIMARY KEY("barbershop_id","day")
);
--> statement-breakpoint
ALTER TABLE "shop_agenda" ADD CONSTRAINT "shop_agenda_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_free_days" ADD CONSTRAINT "shop_free_days_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;