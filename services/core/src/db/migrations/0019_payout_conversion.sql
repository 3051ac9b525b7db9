ALTER TABLE "conversion_revisions" ADD COLUMN "payout_currency" text;--> statement-breakpoint
ALTER TABLE "parked_conversions" ADD COLUMN "rate_currency" text;--> statement-breakpoint
ALTER TABLE "parked_conversions" ADD COLUMN "rate_day" date;--> statement-breakpoint
ALTER TABLE "postback_conversions" ADD COLUMN "payout_currency" text;--> statement-breakpoint
ALTER TABLE "postback_conversions" ADD COLUMN "original_payout" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "postback_conversions" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "postback_conversions" ADD COLUMN "fx_rate" numeric(24, 12);--> statement-breakpoint
ALTER TABLE "postback_conversions" ADD COLUMN "fx_rate_day" date;--> statement-breakpoint
ALTER TABLE "postback_conversions" ADD COLUMN "fx_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Payouts recorded before currencies are in the workspace currency of their day: say which.
UPDATE "postback_conversions" SET "payout_currency" = coalesce((SELECT "value" FROM "settings" WHERE "key" = 'currency'), 'USD');
