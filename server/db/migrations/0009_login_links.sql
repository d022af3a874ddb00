CREATE TABLE "login_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_links" ADD CONSTRAINT "login_links_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_links_user" ON "login_links" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "login_links_expiry" ON "login_links" USING btree ("expires_at");