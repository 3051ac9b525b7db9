-- Ad spend per TikTok ad and hour (today and yesterday) or per ad and advertiser day (older days), as the
-- spend sync pulls it at ad level (data_level AUCTION_AD). A row covers [starts_at, starts_at + hours):
-- hours = 1 for an hourly row, 24 for a daily one (its start is the advertiser's midnight, in UTC). Reports
-- place a row in the report's hours and days in any time zone; a daily row that straddles a report day is
-- the inexact case the report says it cannot cover exactly. Automation rules read spend per campaign, ad
-- group or ad and window from here. Replaced per (advertiser, advertiser day), never added to: a later sync
-- writes a zero row for an ad that disappeared; read with FINAL (or argMax by synced_at).
CREATE TABLE IF NOT EXISTS ad_spend (
  advertiser_id String,
  starts_at DateTime('UTC'),
  hours UInt8,
  advertiser_day Date,
  tiktok_campaign_id String,
  tiktok_adgroup_id String,
  tiktok_ad_id String,
  campaign_name String,
  adgroup_name String,
  ad_name String,
  spend Decimal(12, 2),
  impressions UInt64,
  clicks UInt64,
  conversions UInt64,
  synced_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(synced_at)
PARTITION BY toYYYYMM(advertiser_day)
ORDER BY (advertiser_id, advertiser_day, hours, starts_at, tiktok_ad_id)
SETTINGS non_replicated_deduplication_window = 1000;
