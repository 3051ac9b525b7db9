ALTER TABLE "parked_conversions" ADD COLUMN "retry_token" text;--> statement-breakpoint
ALTER TABLE "parked_conversions" ADD COLUMN "retry_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "parked_conversions_retry_token_idx" ON "parked_conversions" USING btree ("retry_token") WHERE "parked_conversions"."retry_token" IS NOT NULL;