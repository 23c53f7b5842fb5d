ALTER TABLE "outbox" ADD COLUMN "wa_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback" jsonb;