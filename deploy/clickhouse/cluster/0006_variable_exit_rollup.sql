-- Rendered from services/core/src/analytics/migrations/0006_variable_exit_rollup.sql by
-- services/core/src/analytics/render-cluster-ddl.ts: do not edit.

CREATE TABLE IF NOT EXISTS report_variable_exits_daily_local ON CLUSTER '{cluster}' (
  variable LowCardinality(String),
  value String,
  day Date,
  campaign_id LowCardinality(String),
  spark_id LowCardinality(String),
  offer_id UInt32,
  exited_clicks AggregateFunction(uniqExact, UInt64)
) ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (variable, day, value, campaign_id, spark_id, offer_id)
SETTINGS replicated_deduplication_window = 1000;

CREATE TABLE IF NOT EXISTS report_variable_exits_daily ON CLUSTER '{cluster}' AS report_variable_exits_daily_local
ENGINE = Distributed('{cluster}', currentDatabase(), report_variable_exits_daily_local, rand());

CREATE MATERIALIZED VIEW IF NOT EXISTS report_variable_exits_daily_mv ON CLUSTER '{cluster}' TO report_variable_exits_daily_local AS
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id,
       uniqExactState(cityHash64(click_id)) AS exited_clicks
FROM exits_local
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name),
            ('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
GROUP BY variable, value, day, campaign_id, spark_id, offer_id;

INSERT INTO analytics_migrations (version, name) VALUES (6, 'variable_exit_rollup');
