-- GET /api/cake/offers over two days, seen by a scoped viewer, with CAKE fill-ins
-- params: {"tz":"America/New_York","startDate":"2026-05-01","endDate":"2026-05-02","sparkIds":["spark-1"],"buyers":["ana"],"viewerSparks":["spark-1"],"cakeClickIds":["click-7"],"cakeConversions":[1],"cakeRevenueCents":[250]}

-- visits
SELECT key, sum(visits) AS clicks, sum(bots) AS bot_clicks
FROM (WITH toDateTime(day, 'UTC') AS utc_midnight, toDate(utc_midnight, {tz:String}) AS first_day,
  toUInt8(least(96, intDiv(toUnixTimestamp(toDateTime(first_day + 1, {tz:String})) - toUnixTimestamp(utc_midnight), 900))) AS bound,
  toUInt64(arraySum((c, q) -> c * (q < bound), quarterMap.clicks, quarterMap.quarter)) AS visits_before,
  toUInt64(arraySum((c, q) -> c * (q < bound), botQuarterMap.clicks, botQuarterMap.quarter)) AS bots_before
  SELECT part.1 AS tzday, '' AS hour, tiktok_campaign_id AS tt, if(campaign_id = '', '__no_click__', toString(if(offer_id = 0, '', toString(offer_id)))) AS key, toUInt8(NOT (campaign_id = '') AND has({viewerSparks:Array(String)}, spark_id)) AS passes, part.2 AS visits, part.3 AS bots
  FROM report_clicks_daily
  ARRAY JOIN [(first_day, visits_before, bots_before),
  (first_day + 1, toUInt64(clicks - visits_before), toUInt64(bot_clicks - bots_before))] AS part
  WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND 1
  AND tzday >= {startDate:Date} AND tzday <= {endDate:Date} AND visits > 0)
WHERE passes = 1
GROUP BY key;

-- conversions
SELECT 'key' AS grouping, if(campaign_id = '', '__no_click__', toString(if(offer_id = 0, '', toString(offer_id)))) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM (SELECT bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, conversions, revenue FROM report_conversions_15m
  UNION ALL
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, toInt64(transform(click_id, {cakeClickIds:Array(String)}, {cakeConversions:Array(Int64)}, toInt64(0))) AS conversions,
  toDecimal64(transform(click_id, {cakeClickIds:Array(String)}, {cakeRevenueCents:Array(Int64)}, toInt64(0)), 2) / 100 AS revenue
  FROM (SELECT * FROM click_index
    WHERE click_id IN (SELECT arrayJoin({cakeClickIds:Array(String)}))
    AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
    LIMIT 1 BY click_id))
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND has({viewerSparks:Array(String)}, spark_id)
GROUP BY key
HAVING conversions != 0 OR revenue != 0;

-- exitClicks
WITH toDateTime({startDate:Date}, {tz:String}) AS range_start,
toDateTime({endDate:Date} + 1, {tz:String}) AS range_end,
toDate(range_start, 'UTC') + if(toDateTime(toDate(range_start, 'UTC'), 'UTC') = range_start, 0, 1) AS first_whole_day,
toDate(range_end, 'UTC') - 1 AS last_whole_day
SELECT if(campaign_id = '', '__no_click__', toString(if(offer_id = 0, '', toString(offer_id)))) AS key, sum(exit_clicks) AS exit_clicks
FROM (
  SELECT campaign_id, spark_id, offer_id, lander_id, uniqExactMerge(exited_clicks) AS exit_clicks
  FROM report_exits_daily
  WHERE day >= first_whole_day AND day <= last_whole_day AND NOT (campaign_id = '') AND has({viewerSparks:Array(String)}, spark_id)
  GROUP BY day, campaign_id, spark_id, offer_id, lander_id
  UNION ALL
  SELECT campaign_id, spark_id, offer_id, lander_id, uniqExactMerge(exited_clicks) AS exit_clicks
  FROM report_exits_15m
  WHERE bucket >= range_start AND bucket < range_end
  AND NOT (toDate(bucket, 'UTC') >= first_whole_day AND toDate(bucket, 'UTC') <= last_whole_day) AND NOT (campaign_id = '') AND has({viewerSparks:Array(String)}, spark_id)
  GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id
)
GROUP BY key;
