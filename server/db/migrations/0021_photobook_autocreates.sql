CREATE TABLE "photobook_autocreates" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"session_id_hash" text NOT NULL,
	"user_uuid" uuid,
	"template_uuid" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"pictures" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"design" jsonb,
	"dropped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photobook_autocreates" ADD CONSTRAINT "photobook_autocreates_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photobook_autocreates" ADD CONSTRAINT "photobook_autocreates_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photobook_autocreates" ADD CONSTRAINT "photobook_autocreates_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photobook_autocreates_created" ON "photobook_autocreates" USING btree ("created_at");