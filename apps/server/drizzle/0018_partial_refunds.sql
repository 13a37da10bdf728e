CREATE TABLE "refund_lines" (
	"refund_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "refund_lines_refund_id_item_id_pk" PRIMARY KEY("refund_id","item_id"),
	CONSTRAINT "refund_lines_quantity_positive" CHECK ("refund_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"restocked" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds__id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_fk" FOREIGN KEY ("order_id","item_id") REFERENCES "public"."order_lines"("order_id","item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders__id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_order_item_idx" ON "refund_lines" USING btree ("order_id","item_id");--> statement-breakpoint
CREATE INDEX "refunds_order_created_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
-- Refunds before this were of whole orders: each becomes one refund of every unit, its stock
-- returned (as it was), at the time the order was refunded.
UPDATE "orders" SET "refunded_cents" = "total_cents" WHERE "payment_status" = 'refunded';--> statement-breakpoint
UPDATE "order_lines" l SET "refunded_quantity" = l."quantity"
FROM "orders" o WHERE o."_id" = l."order_id" AND o."payment_status" = 'refunded';--> statement-breakpoint
UPDATE "payments" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded';--> statement-breakpoint
INSERT INTO "refunds" ("_id", "order_id", "amount_cents", "restocked", "created_at")
SELECT gen_random_uuid(), o."_id", o."total_cents", true, coalesce(o."refunded_at", o."updated_at")
FROM "orders" o WHERE o."payment_status" = 'refunded';--> statement-breakpoint
INSERT INTO "refund_lines" ("refund_id", "order_id", "item_id", "quantity", "amount_cents")
SELECT r."_id", l."order_id", l."item_id", l."quantity", l."line_total_cents"
FROM "refunds" r JOIN "order_lines" l ON l."order_id" = r."order_id";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_within_quantity" CHECK ("order_lines"."refunded_quantity" >= 0 and "order_lines"."refunded_quantity" <= "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_total" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_matches_payment" CHECK (case "orders"."payment_status"
        when 'refunded' then "orders"."refunded_cents" = "orders"."total_cents"
        when 'partially_refunded' then "orders"."refunded_cents" > 0 and "orders"."refunded_cents" < "orders"."total_cents"
        else "orders"."refunded_cents" = 0 end);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within_amount" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents");