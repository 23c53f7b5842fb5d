CREATE TABLE "staff_alert_prefs" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"events" text[] NOT NULL,
	"quiet_from" smallint,
	"quiet_until" smallint,
	"language" text DEFAULT 'pt-BR' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_prefs_quiet_check" CHECK (("staff_alert_prefs"."quiet_from" is null) = ("staff_alert_prefs"."quiet_until" is null)),
	CONSTRAINT "staff_alert_prefs_quiet_range" CHECK ("staff_alert_prefs"."quiet_from" between 0 and 1439 and "staff_alert_prefs"."quiet_until" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "staff_alert_prefs" ADD CONSTRAINT "staff_alert_prefs_staff_id_shop_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."shop_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert_prefs" ADD CONSTRAINT "staff_alert_prefs_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_alert_prefs_shop_idx" ON "staff_alert_prefs" USING btree ("barbershop_id");