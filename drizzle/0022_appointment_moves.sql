CREATE TABLE "appointment_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"barbershop_id" integer NOT NULL,
	"barber_id" integer NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"from_ends_at" timestamp with time zone NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"waitlist_due_at" timestamp with time zone NOT NULL,
	"waitlist_checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointment_moves" ADD CONSTRAINT "appointment_moves_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_moves_appointment_idx" ON "appointment_moves" USING btree ("appointment_id","moved_at");--> statement-breakpoint
CREATE INDEX "appointment_moves_due_idx" ON "appointment_moves" USING btree ("waitlist_due_at") WHERE "appointment_moves"."waitlist_checked_at" is null;--> statement-breakpoint
CREATE INDEX "appointment_moves_moved_idx" ON "appointment_moves" USING btree ("moved_at");