CREATE TABLE "payment_events" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"transaction_uuid" uuid,
	"kind" text NOT NULL,
	"reported" text,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_options" DROP CONSTRAINT "payment_options_provider";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status";--> statement-breakpoint
-- A paid transaction of before issue 29 was one whose order was made: authorised in the payment states.
UPDATE "transactions" SET "status" = 'authorised' WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "amount_captured" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "problem_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_transaction_uuid_transactions_uuid_fk" FOREIGN KEY ("transaction_uuid") REFERENCES "public"."transactions"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_transaction_uuid_transactions_uuid_fk" FOREIGN KEY ("transaction_uuid") REFERENCES "public"."transactions"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_once" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_transaction" ON "payment_events" USING btree ("transaction_uuid","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_once" ON "payment_refunds" USING btree ("transaction_uuid","idempotency_key");--> statement-breakpoint
CREATE INDEX "transactions_by_status" ON "transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_ref" ON "transactions" USING btree ("provider","provider_ref");--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_provider" CHECK ("payment_options"."provider" in ('store', 'invoice', 'test-card', 'stripe', 'vipps'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status" CHECK ("transactions"."status" in ('pending', 'authorised', 'captured', 'partly_refunded', 'refunded', 'declined', 'cancelled', 'expired', 'failed'));