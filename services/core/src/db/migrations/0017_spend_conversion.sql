ALTER TABLE "tiktok_ad_spend" ADD COLUMN "original_spend" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "tiktok_ad_spend" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "tiktok_ad_spend" ADD COLUMN "spend_currency" text;--> statement-breakpoint
ALTER TABLE "tiktok_ad_spend" ADD COLUMN "fx_rate" numeric(24, 12);--> statement-breakpoint
ALTER TABLE "tiktok_ad_spend" ADD COLUMN "fx_rate_day" date;--> statement-breakpoint
ALTER TABLE "tiktok_ad_spend" ADD COLUMN "fx_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "original_spend" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "spend_currency" text;--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "fx_rate" numeric(24, 12);--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "fx_rate_day" date;--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "fx_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "tiktok_ad_spend_fx_pending_idx" ON "tiktok_ad_spend" USING btree ("advertiser_day") WHERE "tiktok_ad_spend"."fx_pending";--> statement-breakpoint
-- Rows synced before conversion hold the number TikTok reported, in their account's currency: that is their
-- original; the next re-expression (after a rates fetch) converts those not in the workspace currency.
UPDATE "tiktok_ad_spend" AS s SET "original_spend" = s."spend", "original_currency" = a."currency", "spend_currency" = a."currency" FROM "tiktok_accounts" AS a WHERE a."advertiser_id" = s."advertiser_id";--> statement-breakpoint
UPDATE "tiktok_spend" AS s SET "original_spend" = s."spend", "original_currency" = a."currency", "spend_currency" = a."currency" FROM "tiktok_accounts" AS a WHERE a."advertiser_id" = s."advertiser_id";
