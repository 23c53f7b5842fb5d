-- WhatsApp consents keep no phone: each row is keyed by the sha256 of "whatsapp-consent:" and the number with
-- Brazil's ninth digit (consentKey in lib/server/notifications/whatsapp-window.ts). Rows of the two forms of one
-- number become one, keeping the newest of each answer.
ALTER TABLE "whatsapp_consents" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
UPDATE "whatsapp_consents" SET "phone_hash" = encode(sha256(convert_to('whatsapp-consent:' || (CASE WHEN "phone" ~ '^\+55[0-9]{2}[6-9][0-9]{7}$' THEN substr("phone", 1, 5) || '9' || substr("phone", 6) ELSE "phone" END), 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "whatsapp_consents" AS a SET "opted_in_at" = m.i, "opted_out_at" = m.o FROM (SELECT "phone_hash", max("opted_in_at") AS i, max("opted_out_at") AS o FROM "whatsapp_consents" GROUP BY "phone_hash") AS m WHERE a."phone_hash" = m."phone_hash";--> statement-breakpoint
DELETE FROM "whatsapp_consents" AS a USING "whatsapp_consents" AS b WHERE a."phone_hash" = b."phone_hash" AND a."phone" < b."phone";--> statement-breakpoint
ALTER TABLE "whatsapp_consents" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ALTER COLUMN "phone_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_consents" ADD PRIMARY KEY ("phone_hash");
