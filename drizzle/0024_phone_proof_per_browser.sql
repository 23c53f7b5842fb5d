-- A proof is now held by the browser that made it (a cookie's token, by hash): proofs kept before belong to no browser.
DELETE FROM "verified_phones";--> statement-breakpoint
ALTER TABLE "verified_phones" DROP CONSTRAINT "verified_phones_pkey";--> statement-breakpoint
ALTER TABLE "verified_phones" ADD COLUMN "proof_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_phone_hash_proof_hash_pk" PRIMARY KEY("phone_hash","proof_hash");
