CREATE TABLE "orders" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"transaction_uuid" uuid NOT NULL,
	"session_id_hash" text NOT NULL,
	"user_uuid" uuid,
	"total" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"provider" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"mobile_description" text NOT NULL,
	"info_text" text NOT NULL,
	"delivery_types" jsonb NOT NULL,
	CONSTRAINT "payment_options_provider" CHECK ("payment_options"."provider" in ('store', 'invoice', 'test-card'))
);
--> statement-breakpoint
CREATE TABLE "pickup_locations" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"price" integer NOT NULL,
	"delivery_time" integer NOT NULL,
	"delivery_time_unit" text NOT NULL,
	CONSTRAINT "pickup_locations_unit" CHECK ("pickup_locations"."delivery_time_unit" in ('d', 'h'))
);
--> statement-breakpoint
CREATE TABLE "postage_options" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"delivery_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_codes" (
	"portal_uuid" uuid NOT NULL,
	"code" text NOT NULL,
	"text" text NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "rebate_codes_portal_uuid_code_pk" PRIMARY KEY("portal_uuid","code"),
	CONSTRAINT "rebate_codes_one_kind" CHECK (("rebate_codes"."percent_off" is null) <> ("rebate_codes"."amount_off" is null) and coalesce("rebate_codes"."percent_off", 0) between 0 and 100 and coalesce("rebate_codes"."amount_off", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_uuid" uuid NOT NULL,
	"cart_uuid" uuid,
	"session_id_hash" text NOT NULL,
	"user_uuid" uuid,
	"payment_option_uuid" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"request" jsonb NOT NULL,
	"order_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_status" CHECK ("transactions"."status" in ('pending', 'paid', 'declined', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "carts_user";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "rebate_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transaction_uuid_transactions_uuid_fk" FOREIGN KEY ("transaction_uuid") REFERENCES "public"."transactions"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_locations" ADD CONSTRAINT "pickup_locations_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postage_options" ADD CONSTRAINT "postage_options_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_codes" ADD CONSTRAINT "rebate_codes_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_portal_uuid_portals_uuid_fk" FOREIGN KEY ("portal_uuid") REFERENCES "public"."portals"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_cart_uuid_carts_uuid_fk" FOREIGN KEY ("cart_uuid") REFERENCES "public"."carts"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_uuid_users_uuid_fk" FOREIGN KEY ("user_uuid") REFERENCES "public"."users"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_per_transaction" ON "orders" USING btree ("transaction_uuid");--> statement-breakpoint
CREATE INDEX "orders_session" ON "orders" USING btree ("session_id_hash");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "payment_options_portal" ON "payment_options" USING btree ("portal_uuid","position");--> statement-breakpoint
CREATE INDEX "pickup_locations_portal" ON "pickup_locations" USING btree ("portal_uuid","position");--> statement-breakpoint
CREATE INDEX "postage_options_portal" ON "postage_options" USING btree ("portal_uuid","position");--> statement-breakpoint
CREATE INDEX "transactions_cart" ON "transactions" USING btree ("cart_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_per_user" ON "carts" USING btree ("user_uuid");