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
--> statement-breakpoint
DROP INDEX "appointments_guest_shop_created_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_unproved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_proved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_guest_shop_created_idx" ON "appointments" USING btree ("barbershop_id","created_at") WHERE "appointments"."client_id" is null or "appointments"."booked_unproved";
--> statement-breakpoint
-- A proof is now held by the browser that made it (a cookie's token, by hash): proofs kept before belong to no browser.
DELETE FROM "verified_phones";--> statement-breakpoint
ALTER TABLE "verified_phones" DROP CONSTRAINT "verified_phones_pkey";--> statement-breakpoint
ALTER TABLE "verified_phones" ADD COLUMN "proof_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_phone_hash_proof_hash_pk" PRIMARY KEY("phone_hash","proof_hash");
--> statement-breakpoint
CREATE INDEX "appointments_guest_retention_idx" ON "appointments" USING btree ("ends_at") WHERE "appointments"."client_id" is null and "appointments"."client_phone" is not null;
