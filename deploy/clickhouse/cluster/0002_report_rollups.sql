-- Rendered from services/core/src/analytics/migrations/0002_report_rollups.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

CREATE TABLE IF NOT EXISTS report_clicks_daily_local ON CLUSTER '{cluster}' (
  day Date,
  campaign_id LowCardinality(String),
  spark_id LowCardinality(String),
  offer_id UInt32,
  lander_id UInt32,
  tiktok_campaign_id LowCardinality(String),
  clicks UInt64,
  bot_clicks UInt64,
  quarterMap Nested(quarter UInt8, clicks UInt32),
  botQuarterMap Nested(quarter UInt8, clicks UInt32)
) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_clicks_daily ON CLUSTER '{cluster}' AS report_clicks_daily_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_clicks_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_clicks_daily_mv ON CLUSTER '{cluster}' TO report_clicks_daily_local AS
SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks_local
GROUP BY day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id;

CREATE TABLE IF NOT EXISTS report_conversions_15m_local ON CLUSTER '{cluster}' (
  bucket DateTime('UTC'),
  campaign_id String,
  spark_id String,
  offer_id UInt32,
  lander_id UInt32,
  tiktok_campaign_id String,
  conversions Int64,
  revenue Decimal(18, 2),
  pending Int64
) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(bucket)
ORDER BY (bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_conversions_15m ON CLUSTER '{cluster}' AS report_conversions_15m_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_conversions_15m_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_conversions_15m_mv ON CLUSTER '{cluster}' TO report_conversions_15m_local AS
SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions_local
GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id;

CREATE TABLE IF NOT EXISTS report_exits_15m_local ON CLUSTER '{cluster}' (
  bucket DateTime('UTC'),
  campaign_id String,
  spark_id String,
  offer_id UInt32,
  lander_id UInt32,
  exited_clicks AggregateFunction(uniqExact, String),
  exits SimpleAggregateFunction(sum, UInt64)
) ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(bucket)
ORDER BY (bucket, campaign_id, spark_id, offer_id, lander_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_exits_15m ON CLUSTER '{cluster}' AS report_exits_15m_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_exits_15m_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_exits_15m_mv ON CLUSTER '{cluster}' TO report_exits_15m_local AS
SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id,
       uniqExactState(click_id) AS exited_clicks, count() AS exits
FROM exits_local
GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id;

CREATE TABLE IF NOT EXISTS report_exits_daily_local ON CLUSTER '{cluster}' (
  day Date,
  campaign_id LowCardinality(String),
  spark_id LowCardinality(String),
  offer_id UInt32,
  lander_id UInt32,
  exited_clicks AggregateFunction(uniqExact, String),
  exits SimpleAggregateFunction(sum, UInt64)
) ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (day, campaign_id, spark_id, offer_id, lander_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_exits_daily ON CLUSTER '{cluster}' AS report_exits_daily_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_exits_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_exits_daily_mv ON CLUSTER '{cluster}' TO report_exits_daily_local AS
SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id,
       uniqExactState(click_id) AS exited_clicks, count() AS exits
FROM exits_local
GROUP BY day, campaign_id, spark_id, offer_id, lander_id;

CREATE TABLE IF NOT EXISTS report_variable_clicks_daily_local ON CLUSTER '{cluster}' (
  variable LowCardinality(String),
  value String,
  day Date,
  campaign_id LowCardinality(String),
  spark_id LowCardinality(String),
  offer_id UInt32,
  tiktok_campaign_id LowCardinality(String),
  clicks UInt64,
  bot_clicks UInt64,
  quarterMap Nested(quarter UInt8, clicks UInt32),
  botQuarterMap Nested(quarter UInt8, clicks UInt32)
) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (variable, day, value, campaign_id, spark_id, offer_id, tiktok_campaign_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_variable_clicks_daily ON CLUSTER '{cluster}' AS report_variable_clicks_daily_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_variable_clicks_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_variable_clicks_daily_mv ON CLUSTER '{cluster}' TO report_variable_clicks_daily_local AS
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks_local
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name)] AS pair
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE TABLE IF NOT EXISTS report_variable_conversions_15m_local ON CLUSTER '{cluster}' (
  variable LowCardinality(String),
  value String,
  bucket DateTime('UTC'),
  campaign_id String,
  spark_id String,
  offer_id UInt32,
  tiktok_campaign_id String,
  conversions Int64,
  revenue Decimal(18, 2),
  pending Int64
) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(bucket)
ORDER BY (variable, bucket, value, campaign_id, spark_id, offer_id, tiktok_campaign_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_variable_conversions_15m ON CLUSTER '{cluster}' AS report_variable_conversions_15m_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_variable_conversions_15m_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_variable_conversions_15m_mv ON CLUSTER '{cluster}' TO report_variable_conversions_15m_local AS
SELECT pair.1 AS variable, pair.2 AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions_local
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name)] AS pair
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE TABLE IF NOT EXISTS spend_local ON CLUSTER '{cluster}' (
  date Date,
  tiktok_campaign_id String,
  campaign_name String,
  spend Decimal(12, 2),
  impressions UInt64,
  clicks UInt64,
  conversions UInt64,
  synced_at DateTime64(3, 'UTC')
) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}', synced_at)
PARTITION BY toYYYYMM(date)
ORDER BY (date, tiktok_campaign_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS spend ON CLUSTER '{cluster}' AS spend_local
ENGINE = Distributed('{cluster}', currentDatabase(), spend_local, cityHash64(date, tiktok_campaign_id));

INSERT INTO analytics_migrations (version, name) VALUES (2, 'report_rollups');
