CREATE UNIQUE INDEX "barbers_id_shop_key" ON "barbers" USING btree ("id","barbershop_id");--> statement-breakpoint
CREATE TABLE "shop_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"barbershop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"roles" text[] NOT NULL,
	"barber_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_staff_roles_check" CHECK (cardinality("shop_staff"."roles") between 1 and 4 and "shop_staff"."roles" <@ array['owner', 'manager', 'front_desk', 'barber']::text[] and array_position("shop_staff"."roles", null) is null),
	CONSTRAINT "shop_staff_barber_check" CHECK (("shop_staff"."barber_id" is not null) = ('barber' = any("shop_staff"."roles")))
);
--> statement-breakpoint
ALTER TABLE "shop_staff" ADD CONSTRAINT "shop_staff_barbershop_id_barbershops_id_fk" FOREIGN KEY ("barbershop_id") REFERENCES "public"."barbershops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_staff" ADD CONSTRAINT "shop_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_staff" ADD CONSTRAINT "shop_staff_barber_fk" FOREIGN KEY ("barber_id","barbershop_id") REFERENCES "public"."barbers"("id","barbershop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_staff_shop_user_key" ON "shop_staff" USING btree ("barbershop_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_staff_barber_key" ON "shop_staff" USING btree ("barber_id");--> statement-breakpoint
CREATE INDEX "shop_staff_user_idx" ON "shop_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "appointments_shop_starts_idx" ON "appointments" USING btree ("barbershop_id","starts_at");