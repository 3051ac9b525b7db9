-- The flow rule that routed each click, on every fact and in click_index (exits and conversions copy it from
-- there like the click's other dimensions): the rule's name, '' for the default path. Clicks stored before
-- this migration keep '', so reports show them as the default path ('Default').
-- The variable rollups gain 'rule' as a variable: the click rollup from the projector (the catalogue's list),
-- the exit and conversion rollups through views of their own beside those of 0002, 0005 and 0006.

ALTER TABLE clicks ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE click_index ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE exits ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

-- click_index takes the new column from now on. Modified in place, not dropped and created again: a click
-- inserted in between would miss click_index, and its exits and conversions their click.
ALTER TABLE click_index_mv MODIFY QUERY
SELECT click_id, clicked_at, campaign_id, lander_id, offer_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id,
       tiktok_creative_id, placement, campaign_name, ad_group_name, creative_name, ttclid, ip, user_agent, rule
FROM clicks;

-- The clicks already stored, as the default path's row of the new variable (once: a rerun finds them).
INSERT INTO report_variable_clicks_daily
SELECT 'rule' AS variable, toString(rule) AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id,
       count() AS clicks, countIf(bot != '') AS bot_clicks,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).1 AS `quarterMap.quarter`,
       sumMap([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)]).2 AS `quarterMap.clicks`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').1 AS `botQuarterMap.quarter`,
       sumMapIf([toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))], [toUInt32(1)], bot != '').2 AS `botQuarterMap.clicks`
FROM clicks FINAL
WHERE (SELECT count() FROM report_variable_clicks_daily WHERE variable = 'rule') = 0
GROUP BY variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id;

INSERT INTO report_variable_conversions_15m
SELECT 'rule' AS variable, toString(rule) AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions FINAL
WHERE (SELECT count() FROM report_variable_conversions_15m WHERE variable = 'rule') = 0
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_rule_conversions_15m_mv TO report_variable_conversions_15m AS
SELECT 'rule' AS variable, toString(rule) AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

INSERT INTO report_variable_exits_daily
SELECT 'rule' AS variable, toString(rule) AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id,
       uniqExactState(cityHash64(click_id)) AS exited_clicks
FROM exits FINAL
WHERE (SELECT count() FROM report_variable_exits_daily WHERE variable = 'rule') = 0
GROUP BY variable, value, day, campaign_id, spark_id, offer_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_rule_exits_daily_mv TO report_variable_exits_daily AS
SELECT 'rule' AS variable, toString(rule) AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id,
       uniqExactState(cityHash64(click_id)) AS exited_clicks
FROM exits
GROUP BY variable, value, day, campaign_id, spark_id, offer_id;
