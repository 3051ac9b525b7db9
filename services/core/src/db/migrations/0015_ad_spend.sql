CREATE TABLE "tiktok_ad_spend" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertiser_id" text NOT NULL,
	"advertiser_day" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"hours" integer NOT NULL,
	"tiktok_campaign_id" text NOT NULL,
	"tiktok_adgroup_id" text NOT NULL,
	"tiktok_ad_id" text NOT NULL,
	"campaign_name" text,
	"adgroup_name" text,
	"ad_name" text,
	"spend" numeric(12, 2) DEFAULT '0' NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiktok_ad_spend_row_key" UNIQUE("advertiser_id","advertiser_day","hours","starts_at","tiktok_ad_id")
);
