-- Exit clicks per tracking-variable value (for Exit Clicks and Lander CTR in every grouping): the
-- exact set of a UTC day's clicks that exited, by the 64-bit hash of the click id, per variable value and
-- the filter dimensions. A variable report reads the whole UTC days inside its range from here and only
-- the clicks of the partial days at its edges from the raw exits (report-scope.ts, variableExitClicksSql),
-- instead of every exit of the range: a click lies in one day, so the days' counts add up.
CREATE TABLE IF NOT EXISTS report_variable_exits_daily (
  variable LowCardinality(String),
  value String,
  day Date,
  campaign_id LowCardinality(String),
  spark_id LowCardinality(String),
  offer_id UInt32,
  exited_clicks AggregateFunction(uniqExact, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toYYYYMM(day)
ORDER BY (variable, day, value, campaign_id, spark_id, offer_id)
SETTINGS non_replicated_deduplication_window = 1000;

INSERT INTO report_variable_exits_daily
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id,
       uniqExactState(cityHash64(click_id)) AS exited_clicks
FROM exits FINAL
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name),
            ('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
WHERE (SELECT count() FROM report_variable_exits_daily) = 0
GROUP BY variable, value, day, campaign_id, spark_id, offer_id;

CREATE MATERIALIZED VIEW IF NOT EXISTS report_variable_exits_daily_mv TO report_variable_exits_daily AS
SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id,
       uniqExactState(cityHash64(click_id)) AS exited_clicks
FROM exits
ARRAY JOIN [('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
            ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
            ('adGroupName', ad_group_name), ('creativeName', creative_name),
            ('country', country), ('device', device), ('os', os), ('browser', browser)] AS pair
GROUP BY variable, value, day, campaign_id, spark_id, offer_id;
