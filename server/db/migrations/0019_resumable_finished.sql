ALTER TABLE "resumable_uploads" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "result" jsonb;