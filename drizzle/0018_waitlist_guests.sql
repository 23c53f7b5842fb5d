-- A guest may ask to be told on a phone proved by a WhatsApp code (decision 0036, session 31): a wish is a
-- client's or a guest's, never both.
ALTER TABLE "waitlist" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "guest_phone" text;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "guest_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_guest_shop_day_key" ON "waitlist" USING btree ("guest_phone","barbershop_id","day") WHERE "waitlist"."guest_phone" is not null;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_client_or_guest" CHECK (("waitlist"."user_id" is null) <> ("waitlist"."guest_phone" is null));