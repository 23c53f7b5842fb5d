CREATE TABLE "staff_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"actor_roles" text[] NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_changes" ADD CONSTRAINT "staff_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_changes_shop_idx" ON "staff_changes" USING btree ("barbershop_id","id");