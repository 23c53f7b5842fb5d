CREATE TABLE "one_time_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer,
	"value" text,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_secrets_purpose_check" CHECK ("one_time_secrets"."purpose" in ('guest_phone', 'email_change', 'phone_change'))
);
--> statement-breakpoint
CREATE TABLE "verified_phones" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_secrets" ADD CONSTRAINT "one_time_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_secrets_hash_key" ON "one_time_secrets" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "one_time_secrets_subject_idx" ON "one_time_secrets" USING btree ("purpose","subject");--> statement-breakpoint
CREATE INDEX "one_time_secrets_user_idx" ON "one_time_secrets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "appointments_guest_shop_created_idx" ON "appointments" USING btree ("barbershop_id","created_at") WHERE "appointments"."client_id" is null;--> statement-breakpoint
CREATE INDEX "appointments_guest_phone_idx" ON "appointments" USING btree ("client_phone","starts_at") WHERE "appointments"."client_id" is null;