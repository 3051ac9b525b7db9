-- Rendered from services/core/src/analytics/migrations/0001_tracking_facts.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

CREATE TABLE IF NOT EXISTS clicks_local ON CLUSTER '{cluster}' (
  click_id String,
  clicked_at DateTime64(3, 'UTC'),
  campaign_id String,
  lander_id UInt32,
  offer_id UInt32,
  spark_id String,
  tiktok_campaign_id String,
  tiktok_ad_group_id String,
  tiktok_creative_id String,
  placement String,
  campaign_name String,
  ad_group_name String,
  creative_name String,
  ttclid String,
  ip String,
  user_agent String,
  referrer String,
  bot LowCardinality(String),
  log_partition UInt32,
  log_offset UInt64
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(clicked_at)
ORDER BY (toDate(clicked_at), campaign_id, click_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS clicks ON CLUSTER '{cluster}' AS clicks_local
ENGINE = Distributed('{cluster}', currentDatabase(), clicks_local, cityHash64(click_id));

CREATE TABLE IF NOT EXISTS click_index_local ON CLUSTER '{cluster}' (
  click_id String,
  clicked_at DateTime64(3, 'UTC'),
  campaign_id String,
  lander_id UInt32,
  offer_id UInt32,
  spark_id String,
  tiktok_campaign_id String,
  tiktok_ad_group_id String,
  tiktok_creative_id String,
  placement String,
  campaign_name String,
  ad_group_name String,
  creative_name String,
  ttclid String,
  ip String,
  user_agent String
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY click_id
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS click_index ON CLUSTER '{cluster}' AS click_index_local
ENGINE = Distributed('{cluster}', currentDatabase(), click_index_local, cityHash64(click_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS click_index_mv ON CLUSTER '{cluster}' TO click_index_local AS
SELECT click_id, clicked_at, campaign_id, lander_id, offer_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id,
       tiktok_creative_id, placement, campaign_name, ad_group_name, creative_name, ttclid, ip, user_agent
FROM clicks_local;

CREATE TABLE IF NOT EXISTS exits_local ON CLUSTER '{cluster}' (
  event_id String,
  click_id String,
  exited_at DateTime64(3, 'UTC'),
  clicked_at DateTime64(3, 'UTC'),
  campaign_id String,
  lander_id UInt32,
  offer_id UInt32,
  spark_id String,
  tiktok_campaign_id String,
  tiktok_ad_group_id String,
  tiktok_creative_id String,
  placement String,
  campaign_name String,
  ad_group_name String,
  creative_name String,
  ip String,
  user_agent String,
  log_partition UInt32,
  log_offset UInt64
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(exited_at)
ORDER BY (toDate(exited_at), campaign_id, event_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS exits ON CLUSTER '{cluster}' AS exits_local
ENGINE = Distributed('{cluster}', currentDatabase(), exits_local, cityHash64(click_id));

CREATE TABLE IF NOT EXISTS conversions_local ON CLUSTER '{cluster}' (
  event_id String,
  sign Int8,
  transaction_id String,
  click_id String,
  converted_at DateTime64(3, 'UTC'),
  clicked_at DateTime64(3, 'UTC'),
  attributed UInt8,
  campaign_id String,
  lander_id UInt32,
  offer_id UInt32,
  spark_id String,
  tiktok_campaign_id String,
  tiktok_ad_group_id String,
  tiktok_creative_id String,
  placement String,
  campaign_name String,
  ad_group_name String,
  creative_name String,
  status LowCardinality(String),
  payout Decimal(12, 2),
  network_offer_id String,
  network_offer_name String,
  log_partition UInt32,
  log_offset UInt64
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(clicked_at)
ORDER BY (toDate(clicked_at), campaign_id, event_id, sign)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS conversions ON CLUSTER '{cluster}' AS conversions_local
ENGINE = Distributed('{cluster}', currentDatabase(), conversions_local, cityHash64(click_id));

CREATE VIEW IF NOT EXISTS lander_clicks ON CLUSTER '{cluster}' AS
SELECT click_id, offer_id, ip AS ip_address, user_agent, exited_at AS clicked_at, campaign_id
FROM exits;

INSERT INTO analytics_migrations (version, name) VALUES (1, 'tracking_facts');
