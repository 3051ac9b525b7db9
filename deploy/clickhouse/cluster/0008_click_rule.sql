-- Rendered from services/core/src/analytics/migrations/0008_click_rule.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

ALTER TABLE clicks_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE clicks ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE click_index_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE click_index ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE exits_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE exits ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE conversions_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE conversions ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS rule LowCardinality(String) DEFAULT '';

ALTER TABLE click_index_mv ON CLUSTER '{cluster}' MODIFY QUERY
SELECT click_id, clicked_at, campaign_id, lander_id, offer_id, spark_id, tiktok_campaign_id, tiktok_ad_group_id,
       tiktok_creative_id, placement, campaign_name, ad_group_name, creative_name, ttclid, ip, user_agent, rule
FROM clicks_local;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_rule_conversions_15m_mv ON CLUSTER '{cluster}' TO report_variable_conversions_15m_local AS
SELECT 'rule' AS variable, toString(rule) AS value, toStartOfFifteenMinutes(clicked_at) AS bucket,
       campaign_id, spark_id, offer_id, tiktok_campaign_id,
       sumIf(toInt64(sign), status = 'approved') AS conversions,
       toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue,
       sumIf(toInt64(sign), status = 'pending') AS pending
FROM conversions_local
GROUP BY variable, value, bucket, campaign_id, spark_id, offer_id, tiktok_campaign_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_rule_exits_daily_mv ON CLUSTER '{cluster}' TO report_variable_exits_daily_local AS
SELECT 'rule' AS variable, toString(rule) AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id,
       uniqExactState(cityHash64(click_id)) AS exited_clicks
FROM exits_local
GROUP BY variable, value, day, campaign_id, spark_id, offer_id;

INSERT INTO analytics_migrations (version, name) VALUES (8, 'click_rule');
