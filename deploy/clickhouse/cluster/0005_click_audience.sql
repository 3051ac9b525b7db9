-- Rendered from services/core/src/analytics/migrations/0005_click_audience.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

ALTER TABLE clicks_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE clicks_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE clicks_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE clicks_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE exits_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE exits ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE exits_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE exits ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE exits_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE exits ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE exits_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE exits ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE conversions_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE conversions_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE conversions_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE conversions_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

CREATE MATERIALIZED VIEW IF NOT EXISTS report_audience_clicks_daily_mv ON CLUSTER '{cluster}' TO report_variable_clicks_daily_local AS
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks_local
ARRAY JOIN [('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_audience_conversions_15m_mv ON CLUSTER '{cluster}' TO report_variable_conversions_15m_local AS
SELECT pair.1 AS variable, pair.2 AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions_local
ARRAY JOIN [('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

INSERT INTO analytics_migrations (version, name) VALUES (5, 'click_audience');
