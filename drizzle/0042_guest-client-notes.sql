ALTER TABLE "client_notes" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "client_notes" ADD COLUMN "guest_phone" text;--> statement-breakpoint
CREATE INDEX "client_notes_guest_idx" ON "client_notes" USING btree ("barbershop_id","guest_phone","created_at") WHERE "client_notes"."guest_phone" is not null;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_one_client_check" CHECK (("client_notes"."client_id" is null) <> ("client_notes"."guest_phone" is null));