-- "Tell me if a time frees up" (docs/decisions/0036-waitlist.md): a signed-in client's wish for a full day.
CREATE TABLE "waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"barbershop_id" integer NOT NULL,
	"barber_id" integer,
	"service_ids" integer[] NOT NULL,
	"day" date NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_barber_id_barbers_id_fk" FOREIGN KEY ("barber_id") REFERENCES "public"."barbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_user_shop_day_key" ON "waitlist" USING btree ("user_id","barbershop_id","day");--> statement-breakpoint
CREATE INDEX "waitlist_shop_day_idx" ON "waitlist" USING btree ("barbershop_id","day") WHERE "waitlist"."notified_at" is null;