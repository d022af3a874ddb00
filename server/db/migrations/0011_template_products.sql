-- products.template_product of databases seeded before it is filled in by the seed at start (server/db/seed.ts, seedTemplateProductsWhereMissing): the uuid is a hash the database cannot compute.
ALTER TABLE "products" ADD COLUMN "template_product" uuid;--> statement-breakpoint
CREATE INDEX "products_template_product" ON "products" USING btree ("template_product");