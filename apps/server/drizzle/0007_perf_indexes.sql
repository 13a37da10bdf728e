-- pg_trgm backs the catalog search's ILIKE; trusted since PostgreSQL 13, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "products_seq_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_email_created_idx";--> statement-breakpoint
CREATE INDEX "products_live_seq_idx" ON "products" USING btree ("seq") WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_buyer_email_created_idx" ON "orders" USING btree (lower("buyer_email"),"created_at" DESC NULLS LAST);