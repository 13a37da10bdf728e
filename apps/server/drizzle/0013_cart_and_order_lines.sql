CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_item_id_pk" PRIMARY KEY("user_id","item_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"item_id" uuid NOT NULL,
	"sku" varchar(32) NOT NULL,
	"item_name" varchar(20) NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_order_id_item_id_pk" PRIMARY KEY("order_id","item_id"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total_matches" CHECK ("order_lines"."line_total_cents" = "order_lines"."unit_price_cents" * "order_lines"."quantity")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_matches";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "item_name" SET DATA TYPE varchar(60);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" varchar(60);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_item_id_products__id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."products"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders__id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_item_id_products__id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."products"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_item_id_idx" ON "cart_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "order_lines_item_id_idx" ON "order_lines" USING btree ("item_id");--> statement-breakpoint
-- Every order placed before lines existed becomes an order of one line.
INSERT INTO "order_lines" ("order_id", "line_no", "item_id", "sku", "item_name", "unit_price_cents", "quantity", "line_total_cents")
SELECT o."_id", 1, o."item_id", p."sku", left(o."item_name", 20), o."price_cents", o."order_quantity", o."total_cents"
FROM "orders" o JOIN "products" p ON p."_id" = o."item_id";--> statement-breakpoint
-- A refund used to leave the order cancelled: it is refunded, with when.
UPDATE "orders" o SET "status" = 'refunded', "refunded_at" = r."updated_at"
FROM (SELECT "order_id", max("updated_at") AS "updated_at" FROM "payments" WHERE "status" = 'refunded' GROUP BY "order_id") r
WHERE r."order_id" = o."_id" AND o."status" = 'cancelled';--> statement-breakpoint
-- The timeline as well as it can be known: paid when its payment succeeded, and the last
-- change for a shipped or cancelled order.
UPDATE "orders" o SET "paid_at" = s."updated_at"
FROM (SELECT "order_id", min("updated_at") AS "updated_at" FROM "payments" WHERE "status" IN ('succeeded', 'refunded') GROUP BY "order_id") s
WHERE s."order_id" = o."_id" AND o."status" IN ('paid', 'shipped', 'refunded');--> statement-breakpoint
UPDATE "orders" SET "shipped_at" = "updated_at" WHERE "status" = 'shipped';--> statement-breakpoint
UPDATE "orders" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_positive" CHECK ("orders"."total_cents" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('pending', 'paid', 'shipped', 'cancelled', 'refunded'));