CREATE TABLE "email_outbox" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"message_id" text
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_status" CHECK ("order_events"."status" in ('printed', 'ready-for-pickup', 'shipped'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "production_status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "production_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "production_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "production_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "production_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_one_per_kind" ON "email_outbox" USING btree ("order_uuid","kind");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_once" ON "order_events" USING btree ("order_uuid","status");--> statement-breakpoint
CREATE INDEX "orders_portal_created" ON "orders" USING btree ("portal_uuid","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_production_status" CHECK ("orders"."production_status" in ('queued', 'rendering', 'ready', 'failed'));