DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("available_at") WHERE "outbox"."sent_at" is null and "outbox"."kept_at" is null and "outbox"."failed_at" is null and "outbox"."skipped_at" is null;