CREATE TABLE "shop_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_closures_range_check" CHECK ("shop_closures"."starts_on" <= "shop_closures"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text DEFAULT 'pt-BR' NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_channel_check" CHECK ("staff_invitations"."channel" in ('email', 'whatsapp')),
	CONSTRAINT "staff_invitations_roles_check" CHECK (cardinality("staff_invitations"."roles") between 1 and 4 and "staff_invitations"."roles" <@ array['owner', 'manager', 'front_desk', 'barber']::text[])
);
--> statement-breakpoint
ALTER TABLE "barber_services" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "barber_services" ADD COLUMN "price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "blocked_times" ADD COLUMN "closure_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_closures" ADD CONSTRAINT "shop_closures_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_closures_shop_idx" ON "shop_closures" USING btree ("barbershop_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_open_key" ON "staff_invitations" USING btree ("barbershop_id","recipient") WHERE "staff_invitations"."accepted_at" is null and "staff_invitations"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "blocked_times" ADD CONSTRAINT "blocked_times_closure_id_shop_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."shop_closures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barber_services" ADD CONSTRAINT "barber_services_duration_check" CHECK ("barber_services"."duration_minutes" between 5 and 600 and "barber_services"."duration_minutes" % 5 = 0);--> statement-breakpoint
ALTER TABLE "barber_services" ADD CONSTRAINT "barber_services_price_check" CHECK ("barber_services"."price" > 0);