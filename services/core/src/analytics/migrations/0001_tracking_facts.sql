-- Raw tracking facts, written only by the projector. Every row carries its event id and log position;
-- ReplacingMergeTree keys on the event, and each table keeps a deduplication window so that a batch
-- re-sent with the same insert_deduplication_token is dropped here and in every view it feeds.

CREATE TABLE IF NOT EXISTS clicks (
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
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(clicked_at)
ORDER BY (toDate(clicked_at), campaign_id, click_id)
SETTINGS non_replicated_deduplication_window = 1000;

-- Point lookups by click id (exits and conversions copy their click's dimensions from here).
CREATE TABLE IF NOT EXISTS click_index (
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
) ENGINE = ReplacingMergeTree
ORDER BY click_id
SETTINGS non_replicated_deduplication_window = 1000;

CREATE MATERIALIZED VIEW IF NOT EXISTS click_index_mv TO click_index AS
SELECT click_id, clicked_at, campaign_id, lander_id, offer_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id,
       tiktok_creative_id, placement, campaign_name, ad_group_name, creative_name, ttclid, ip, user_agent
FROM clicks;

-- Exits from a lander to the offer (spec: lander_clicks), with the click's dimensions copied in.
CREATE TABLE IF NOT EXISTS exits (
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
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(exited_at)
ORDER BY (toDate(exited_at), campaign_id, event_id)
SETTINGS non_replicated_deduplication_window = 1000;

-- Conversions as signed revisions: a new conversion is one +1 row; a status or payout change adds a
-- -1 row of the old values and a +1 row of the new, so sums over sign stay exact without FINAL.
-- The PostgreSQL ledger decides every revision; these rows follow it.
CREATE TABLE IF NOT EXISTS conversions (
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
) ENGINE = ReplacingMergeTree
PARTITION BY toYYYYMM(clicked_at)
ORDER BY (toDate(clicked_at), campaign_id, event_id, sign)
SETTINGS non_replicated_deduplication_window = 1000;

-- The spec's lander_clicks entity, for analysts: every exit from a lander to an offer.
CREATE VIEW IF NOT EXISTS lander_clicks AS
SELECT click_id, offer_id, ip AS ip_address, user_agent, exited_at AS clicked_at, campaign_id
FROM exits;
