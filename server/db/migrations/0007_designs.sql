CREATE TABLE "designs" (
	"user_uuid" uuid NOT NULL,
	"template_uuid" uuid NOT NULL,
	"template_version" integer NOT NULL,
	"instance" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "designs_user_uuid_template_uuid_pk" PRIMARY KEY("user_uuid","template_uuid")
);
--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "designs_recent" ON "designs" USING btree ("user_uuid","saved_at");