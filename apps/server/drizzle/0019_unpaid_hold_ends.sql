ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Unpaid orders placed before the column keep the hold they were promised (the old default,
-- 24 hours after placing); paid and cancelled orders hold nothing.
UPDATE "orders" SET "expires_at" = "created_at" + interval '24 hours' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_unconfirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_unpaid_unconfirmed_idx" ON "orders" USING btree ("buyer_id") WHERE "orders"."placed_unconfirmed" and "orders"."status" = 'pending';