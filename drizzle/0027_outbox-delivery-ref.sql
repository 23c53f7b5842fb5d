-- The reference a page that asked for a code follows it by (GET /v3/code-delivery/{id}); the e-mail that replaces a
-- WhatsApp message shares it.
ALTER TABLE "outbox" ADD COLUMN "delivery_ref" text;--> statement-breakpoint
CREATE INDEX "outbox_delivery_ref_idx" ON "outbox" USING btree ("delivery_ref");