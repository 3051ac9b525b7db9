-- Rendered from services/core/src/analytics/migrations/0009_ad_spend.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

CREATE TABLE IF NOT EXISTS ad_spend_local ON CLUSTER '{cluster}' (
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
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}', synced_at)
PARTITION BY toYYYYMM(advertiser_day)
ORDER BY (advertiser_id, advertiser_day, hours, starts_at, tiktok_ad_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS ad_spend ON CLUSTER '{cluster}' AS ad_spend_local
ENGINE = Distributed('{cluster}', currentDatabase(), ad_spend_local, cityHash64(advertiser_id, advertiser_day));

INSERT INTO analytics_migrations (version, name) VALUES (9, 'ad_spend');
