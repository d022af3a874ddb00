CREATE TABLE "template_categories" (
	"portal_uuid" uuid NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"names" jsonb NOT NULL,
	"separate_from_background" boolean NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "template_categories_portal_uuid_type_category_pk" PRIMARY KEY("portal_uuid","type","category")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"portal_uuid" uuid NOT NULL,
	"uuid" uuid NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"categories" jsonb NOT NULL,
	"product_uuid" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"position" integer NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	CONSTRAINT "templates_portal_uuid_uuid_version_pk" PRIMARY KEY("portal_uuid","uuid","version")
);
--> statement-breakpoint
ALTER TABLE "template_categories" ADD CONSTRAINT "template_categories_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_product_uuid_products_uuid_fk" FOREIGN KEY ("product_uuid") REFERENCES "public"."products"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_list" ON "templates" USING btree ("portal_uuid","type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_one_current" ON "templates" USING btree ("portal_uuid","uuid") WHERE "templates"."is_current";