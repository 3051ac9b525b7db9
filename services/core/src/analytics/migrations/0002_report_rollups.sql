-- Report rollups (DESIGN.md §4): the raw facts pre-aggregated by materialized views at 15-minute UTC
-- resolution, so a report over weeks reads thousands of rows, not millions. 15 minutes divides every
-- real time-zone offset (+5:30, +5:45 included), so days and hours of any report time zone are exact
-- sums of quarter-hours. Everything is dated by the CLICK time (clicked_at): conversions and exits count
-- on the day of their click, like spend and visits. Each table keeps a deduplication window, so a batch
-- the projector re-sends with the same insert_deduplication_token is dropped here too (FACTS.md).
-- Existing facts are copied in once, when a rollup is still empty, before its view exists: run this
-- migration (`tracker migrate`) with the projector stopped when upgrading a store that has data.

-- Visits by the dimensions of the five groupings, plus the TikTok campaign id that spend is matched on.
-- Visits are the densest facts, so they are kept one row per UTC day, with the day's 96 quarter-hours
-- (0 = 00:00-00:15 UTC) as sparse maps of visits and of bot visits: a report splits each row at the
-- report time zone's midnight (which falls on a quarter-hour in every real zone) and reads up to 96
-- times fewer rows than 15-minute buckets would give.
CREATE TABLE IF NOT EXISTS report_clicks_daily (
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
) ENGINE = SummingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_clicks_daily
SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks FINAL
WHERE (SELECT count() FROM report_clicks_daily) = 0
GROUP BY day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_clicks_daily_mv TO report_clicks_daily AS
SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks
GROUP BY day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id;

-- Conversions by the same dimensions, from the signed revision rows: sum(sign) of approved rows is the
-- number of approved conversions, sum(sign * payout) their revenue; pending counts the pending ones.
-- Unattributed conversions (no click) have empty dimensions; their clicked_at is the time of their
-- first postback, so they are dated by that.
CREATE TABLE IF NOT EXISTS report_conversions_15m (
  bucket DateTime('UTC'),
  campaign_id String,
  spark_id String,
  offer_id UInt32,
  lander_id UInt32,
  tiktok_campaign_id String,
  conversions Int64,
  revenue Decimal(18, 2),
  pending Int64
) ENGINE = SummingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_conversions_15m
SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions FINAL
WHERE (SELECT count() FROM report_conversions_15m) = 0
GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_conversions_15m_mv TO report_conversions_15m AS
SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions
GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id;

-- Exits, by their click's time and dimensions. A click may exit more than once: exited_clicks keeps
-- the exact set of clicks (uniqExactMerge counts clicks that exited), exits counts every exit.
CREATE TABLE IF NOT EXISTS report_exits_15m (
  bucket DateTime('UTC'),
  campaign_id String,
  spark_id String,
  offer_id UInt32,
  lander_id UInt32,
  exited_clicks AggregateFunction(uniqExact, String),
  exits SimpleAggregateFunction(sum, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (bucket, campaign_id, spark_id, offer_id, lander_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_exits_15m
SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id,
       uniqExactState(click_id) AS exited_clicks, count() AS exits
FROM exits FINAL
WHERE (SELECT count() FROM report_exits_15m) = 0
GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_exits_15m_mv TO report_exits_15m AS
SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id,
       uniqExactState(click_id) AS exited_clicks, count() AS exits
FROM exits
GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id;

-- The same per UTC day: a report reads whole UTC days inside its range from here and only the two
-- partial days at its edges from the 15-minute table (a click lies in one day, so counts add up).
CREATE TABLE IF NOT EXISTS report_exits_daily (
  day Date,
  campaign_id LowCardinality(String),
  spark_id LowCardinality(String),
  offer_id UInt32,
  lander_id UInt32,
  exited_clicks AggregateFunction(uniqExact, String),
  exits SimpleAggregateFunction(sum, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (day, campaign_id, spark_id, offer_id, lander_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_exits_daily
SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id,
       uniqExactState(click_id) AS exited_clicks, count() AS exits
FROM exits FINAL
WHERE (SELECT count() FROM report_exits_daily) = 0
GROUP BY day, campaign_id, spark_id, offer_id, lander_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_exits_daily_mv TO report_exits_daily AS
SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id,
       uniqExactState(click_id) AS exited_clicks, count() AS exits
FROM exits
GROUP BY day, campaign_id, spark_id, offer_id, lander_id;

-- The seven tracking-variable groupings of the Stats screen: one row per click and variable (name,
-- value), with the filter dimensions and the TikTok campaign id for spend; daily rows as above.
CREATE TABLE IF NOT EXISTS report_variable_clicks_daily (
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
) ENGINE = SummingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (variable, day, value, campaign_id, spark_id, offer_id, tiktok_campaign_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_variable_clicks_daily
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks FINAL
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name)] AS pair
WHERE (SELECT count() FROM report_variable_clicks_daily) = 0
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_variable_clicks_daily_mv TO report_variable_clicks_daily AS
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name)] AS pair
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE TABLE IF NOT EXISTS report_variable_conversions_15m (
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
) ENGINE = SummingMergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (variable, bucket, value, campaign_id, spark_id, offer_id, tiktok_campaign_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_variable_conversions_15m
SELECT pair.1 AS variable, pair.2 AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions FINAL
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name)] AS pair
WHERE (SELECT count() FROM report_variable_conversions_15m) = 0
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_variable_conversions_15m_mv TO report_variable_conversions_15m AS
SELECT pair.1 AS variable, pair.2 AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name)] AS pair
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

-- Ad spend per TikTok campaign and day, mirrored from the entity store's tiktok_spend by recordSpend
-- (services/core/src/analytics/record-spend.ts). A day's row is replaced by a later sync, never added
-- to: read it with FINAL (or argMax by synced_at). `date` is the advertiser's calendar day, taken as
-- that day in the report time zone.
CREATE TABLE IF NOT EXISTS spend (
  date Date,
  tiktok_campaign_id String,
  campaign_name String,
  spend Decimal(12, 2),
  impressions UInt64,
  clicks UInt64,
  conversions UInt64,
  synced_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(synced_at)
PARTITION BY toYYYYMM(date)
ORDER BY (date, tiktok_campaign_id)
SETTINGS non_replicated_deduplication_window = 1000;
