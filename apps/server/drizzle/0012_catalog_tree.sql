CREATE SEQUENCE "public"."products_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "categories" (
	"_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(60) NOT NULL,
	"name" varchar(40) NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" <> "categories"."_id")
);
--> statement-breakpoint
-- Products that exist get TY-00001, TY-00002... (the sequence's default); admins can change them.
ALTER TABLE "products" ADD COLUMN "sku" varchar(32) DEFAULT 'TY-' || lpad(nextval('products_sku_seq')::text, 5, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories__id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories__id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_idx" ON "products" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "products_category_seq_idx" ON "products" USING btree ("category_id","seq") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price_cents") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_name_idx" ON "products" USING btree (lower("name")) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false) WHERE "products"."archived_at" is null;--> statement-breakpoint
ANALYZE "products";
