-- A click's audience (country from its IP, device type, OS and browser from its user agent), derived by the
-- projector and stored on every fact; clicks stored before this migration keep '' (shown as 'Unknown').
-- The variable rollups gain the four as variables, through views of their own beside those of 0002.

ALTER TABLE clicks ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE exits ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE exits ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE exits ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE exits ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ADD COLUMN IF NOT EXISTS country LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ADD COLUMN IF NOT EXISTS device LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ADD COLUMN IF NOT EXISTS os LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ADD COLUMN IF NOT EXISTS browser LowCardinality(String) DEFAULT '';

-- The clicks already stored, as the 'Unknown' row of each new variable (once: a rerun finds them).
INSERT INTO report_variable_clicks_daily
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks FINAL
ARRAY JOIN [('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
WHERE (SELECT count() FROM report_variable_clicks_daily WHERE variable = 'country') = 0
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_audience_clicks_daily_mv TO report_variable_clicks_daily AS
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks
ARRAY JOIN [('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

INSERT INTO report_variable_conversions_15m
SELECT pair.1 AS variable, pair.2 AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions FINAL
ARRAY JOIN [('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
WHERE (SELECT count() FROM report_variable_conversions_15m WHERE variable = 'country') = 0
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_audience_conversions_15m_mv TO report_variable_conversions_15m AS
SELECT pair.1 AS variable, pair.2 AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions
ARRAY JOIN [('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;
