CREATE TABLE "carts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"session_id_hash" text,
	"user_uuid" uuid,
	"auto_correction" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"portal_uuid" uuid NOT NULL,
	"page_id" text NOT NULL,
	"title" text NOT NULL,
	"modules" jsonb NOT NULL,
	CONSTRAINT "content_pages_portal_uuid_page_id_pk" PRIMARY KEY("portal_uuid","page_id")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" text NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"parent_id" text,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"in_app" boolean NOT NULL,
	CONSTRAINT "menu_items_portal_uuid_id_pk" PRIMARY KEY("portal_uuid","id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" integer NOT NULL,
	"product_uuid" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"actual_line_price" integer NOT NULL,
	"image" jsonb,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"templates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"portal_uuid" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portals" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"locale" text NOT NULL,
	"use_metric_system" boolean NOT NULL,
	"currency_code" text NOT NULL,
	"currency_format" text NOT NULL,
	"logo_src" text NOT NULL,
	"logo_alt" text NOT NULL,
	"logo_href" text NOT NULL,
	"logo_external" boolean DEFAULT false NOT NULL,
	"free_shipping_threshold" integer,
	"ask_auto_correction" boolean DEFAULT false NOT NULL,
	"minimum_price" integer DEFAULT 0 NOT NULL,
	"company_name" text NOT NULL,
	"regional" boolean DEFAULT false NOT NULL,
	"external_gift_site" text
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"link" text,
	"image" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_uuid" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"campaign_price" integer DEFAULT 0 NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_prices_product_uuid_quantity_pk" PRIMARY KEY("product_uuid","quantity")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"producttype" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"white_border" boolean DEFAULT false NOT NULL,
	"campaign_requirement" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"user_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subproducts" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"product_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"extra_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"password_hash" text NOT NULL,
	"address" text,
	"zipcode" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cart_uuid_carts_uuid_fk" FOREIGN KEY ("cart_uuid") REFERENCES "public"."carts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_uuid_products_uuid_fk" FOREIGN KEY ("product_uuid") REFERENCES "public"."products"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_hosts" ADD CONSTRAINT "portal_hosts_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_uuid_products_uuid_fk" FOREIGN KEY ("product_uuid") REFERENCES "public"."products"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subproducts" ADD CONSTRAINT "subproducts_product_uuid_products_uuid_fk" FOREIGN KEY ("product_uuid") REFERENCES "public"."products"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_session" ON "carts" USING btree ("session_id_hash");--> statement-breakpoint
CREATE INDEX "carts_user" ON "carts" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "order_lines_cart" ON "order_lines" USING btree ("cart_uuid","position");--> statement-breakpoint
CREATE INDEX "product_categories_portal" ON "product_categories" USING btree ("portal_uuid","position");--> statement-breakpoint
CREATE INDEX "products_portal" ON "products" USING btree ("portal_uuid","position");--> statement-breakpoint
CREATE UNIQUE INDEX "users_portal_email" ON "users" USING btree ("portal_uuid","email");