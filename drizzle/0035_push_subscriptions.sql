CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_channel_check";--> statement-breakpoint
ALTER TABLE "staff_alert_prefs" ADD COLUMN "push" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_staff_id_shop_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."shop_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_staff_endpoint_key" ON "push_subscriptions" USING btree ("staff_id","endpoint");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'whatsapp', 'push'));