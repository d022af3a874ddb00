ALTER TABLE "portals" ADD COLUMN "invoice_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "portals" ADD COLUMN "invoice_payment_details" text DEFAULT '' NOT NULL;