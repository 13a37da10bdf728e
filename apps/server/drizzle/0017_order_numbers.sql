CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
-- Orders placed before numbers existed are numbered in the order they were placed, from 100001.
UPDATE "orders" o SET "number" = 100000 + n."nth"
FROM (SELECT "_id", row_number() OVER (ORDER BY "created_at", "_id") AS "nth" FROM "orders") n
WHERE n."_id" = o."_id";--> statement-breakpoint
-- New orders take the numbers after them.
SELECT setval('orders_number_seq', (SELECT max("number") FROM "orders")) WHERE EXISTS (SELECT 1 FROM "orders");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
-- Messages about an order that are still to be sent name it by its number too.
UPDATE "outbox" m SET "data" = m."data" || jsonb_build_object('number', o."number")
FROM "orders" o
WHERE m."topic" LIKE 'order.%' AND m."sent_at" IS NULL AND m."kept_at" IS NULL AND o."_id"::text = m."data"->>'orderId';
