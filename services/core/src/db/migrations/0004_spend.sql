CREATE TABLE "tiktok_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertiser_id" text NOT NULL,
	"name" text NOT NULL,
	"access_token" text NOT NULL,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_sync_rows" integer,
	"last_sync_duration_ms" integer,
	"last_sync_error" text,
	CONSTRAINT "tiktok_accounts_advertiserId_unique" UNIQUE("advertiser_id")
);
--> statement-breakpoint
ALTER TABLE "tiktok_spend" ADD COLUMN "advertiser_id" text;