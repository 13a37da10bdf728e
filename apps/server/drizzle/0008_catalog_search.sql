DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, name || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
-- Statistics for the new column at once, so the planner knows which words are rare.
ANALYZE "products";
