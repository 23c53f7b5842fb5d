DROP INDEX "appointments_guest_shop_created_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_unproved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_proved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_guest_shop_created_idx" ON "appointments" USING btree ("barbershop_id","created_at") WHERE "appointments"."client_id" is null or "appointments"."booked_unproved";