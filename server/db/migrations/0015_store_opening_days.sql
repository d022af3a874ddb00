ALTER TABLE "pickup_locations" ADD COLUMN "opening_days" jsonb DEFAULT '[1,2,3,4,5,6]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_locations" ADD COLUMN "cutoff_hour" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_locations" ADD CONSTRAINT "pickup_locations_cutoff" CHECK ("pickup_locations"."cutoff_hour" between 0 and 24);--> statement-breakpoint
-- The demo's placeholder photo book links (issue 34): hidden until photo books exist. Only the seeded placeholder address is touched; a shop's own links stay.
UPDATE "content_pages" SET "modules" = (SELECT coalesce(jsonb_agg(e.m ORDER BY e.i), '[]'::jsonb) FROM jsonb_array_elements("content_pages"."modules") WITH ORDINALITY AS e(m, i) WHERE e.m->>'link' IS DISTINCT FROM 'https://photobook.example.com/') WHERE "modules" @> '[{"link": "https://photobook.example.com/"}]'::jsonb;--> statement-breakpoint
DELETE FROM "product_categories" WHERE "link" = 'https://photobook.example.com/';
