ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
-- Every order keeps the status it had: its two states are read off it, and only a cancelled
-- order keeps a cancellation time (the new status is derived from these three).
UPDATE "orders" SET
  "payment_status" = CASE "status" WHEN 'paid' THEN 'paid' WHEN 'shipped' THEN 'paid' WHEN 'refunded' THEN 'refunded' ELSE 'unpaid' END,
  "fulfilment_status" = CASE WHEN "status" = 'shipped' THEN 'shipped' ELSE 'unfulfilled' END,
  "cancelled_at" = CASE WHEN "status" = 'cancelled' THEN coalesce("cancelled_at", "updated_at") END;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
-- Dropping the column drops its two indexes too; they are made again below.
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text GENERATED ALWAYS AS (case
      when cancelled_at is not null then 'cancelled'
      when payment_status = 'refunded' then 'refunded'
      when payment_status = 'partially_refunded' then 'partially_refunded'
      when fulfilment_status = 'shipped' then 'shipped'
      when payment_status = 'paid' then 'paid'
      else 'pending'
    end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" in ('unpaid', 'paid', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_known" CHECK ("orders"."fulfilment_status" in ('unfulfilled', 'shipped'));--> statement-breakpoint
CREATE INDEX "orders_buyer_pending_idx" ON "orders" USING btree ("buyer_id","created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");
