-- GET /api/reports?groupBy=campaign over two days, with CAKE fill-ins
-- params: {"tz":"America/New_York","startDate":"2026-05-01","endDate":"2026-05-02","sparkIds":["spark-1"],"buyers":["ana"],"cakeClickIds":["click-7"],"cakeConversions":[1],"cakeRevenueCents":[250]}

-- visits
SELECT grouping(unit) AS per_day, unit, toString(tzday) AS day,
toInt64(sumIf(u.visits, u.passes = 1)) AS clicks,
toInt64(sumIf(u.bots, u.passes = 1)) AS bot_clicks,
toInt64(if(per_day = 1, sumIf(day_share, rank = 1), sumIf(u.share + (rank <= leftover), u.passes = 1))) AS spend_cents,
toInt64(sumIf(cents, total = 0)) AS unattributed_cents
FROM (
  SELECT tzday, cents, total,
  arraySum((v, p) -> v * p, visit_list, passes_list) AS passing,
  if(total = 0, 0, intDiv(cents * passing, total)
    + (cents - intDiv(cents * passing, total) - intDiv(cents * (total - passing), total) > 0
      AND (cents * passing) % total >= (cents * (total - passing)) % total)) AS day_share,
  if(total = 0, 0, cents - arraySum(v -> intDiv(cents * v, total), visit_list)) AS leftover,
  arraySort(x -> (-x.remainder, x.unit, -toInt8(x.passes)),
    arrayMap((unit, passes, visits, bots) -> CAST(
        (unit, passes, visits, bots, intDiv(cents * visits, total), (cents * visits) % total),
        'Tuple(unit String, passes UInt8, visits UInt64, bots UInt64, share Int128, remainder Int128)'),
      unit_list, passes_list, visit_list, bot_list)) AS sorted
  FROM (
    SELECT tzday, tt, groupArray(unit) AS unit_list, groupArray(passes) AS passes_list,
    groupArray(visits) AS visit_list, groupArray(bots) AS bot_list, sum(visits) AS total
    FROM (SELECT tzday, tt, key AS unit, passes, sum(visits) AS visits, sum(bots) AS bots
      FROM (WITH toDateTime(day, 'UTC') AS utc_midnight, toDate(utc_midnight, {tz:String}) AS first_day,
        toUInt8(least(96, intDiv(toUnixTimestamp(toDateTime(first_day + 1, {tz:String})) - toUnixTimestamp(utc_midnight), 900))) AS bound,
        toUInt64(arraySum((c, q) -> c * (q < bound), quarterMap.clicks, quarterMap.quarter)) AS visits_before,
        toUInt64(arraySum((c, q) -> c * (q < bound), botQuarterMap.clicks, botQuarterMap.quarter)) AS bots_before
        SELECT part.1 AS tzday, '' AS hour, tiktok_campaign_id AS tt, if(campaign_id = '', '__no_click__', toString(campaign_id)) AS key, toUInt8(1) AS passes, part.2 AS visits, part.3 AS bots
        FROM report_clicks_daily
        ARRAY JOIN [(first_day, visits_before, bots_before),
        (first_day + 1, toUInt64(clicks - visits_before), toUInt64(bot_clicks - bots_before))] AS part
        WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND 1
        AND tzday >= {startDate:Date} AND tzday <= {endDate:Date} AND visits > 0)
      GROUP BY tzday, tt, unit, passes)
    GROUP BY tzday, tt
  ) AS units
  FULL JOIN (SELECT tzday, tt, sum(cents) AS cents
    FROM (
      SELECT toDate(starts_at, {tz:String}) AS tzday, tiktok_campaign_id AS tt, toInt128(toInt64(spend * 100)) AS cents
      FROM ad_spend FINAL
      WHERE hours = 1 AND advertiser_day >= {startDate:Date} - 1 AND advertiser_day <= {endDate:Date} + 1
      AND starts_at >= toDateTime({startDate:Date}, {tz:String}) AND starts_at < toDateTime({endDate:Date} + 1, {tz:String})
      AND spend > 0
      UNION ALL
      SELECT date AS tzday, tiktok_campaign_id AS tt, toInt128(toInt64(spend * 100)) AS cents
      FROM spend FINAL
      WHERE date >= {startDate:Date} AND date <= {endDate:Date} AND spend > 0
      AND (date, tiktok_campaign_id) GLOBAL NOT IN (SELECT advertiser_day, tiktok_campaign_id FROM ad_spend FINAL
        WHERE hours = 1 AND advertiser_day >= {startDate:Date}
        AND advertiser_day <= {endDate:Date} AND spend > 0)
    )
    GROUP BY tzday, tt
    HAVING cents > 0) AS spent USING (tzday, tt)
)
LEFT ARRAY JOIN sorted AS u, arrayEnumerate(sorted) AS rank
GROUP BY GROUPING SETS ((u.unit AS unit), (tzday));

-- conversions
SELECT 'key' AS grouping, if(campaign_id = '', '__no_click__', toString(campaign_id)) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM (SELECT bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, conversions, revenue FROM report_conversions_15m
  UNION ALL
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, toInt64(transform(click_id, {cakeClickIds:Array(String)}, {cakeConversions:Array(Int64)}, toInt64(0))) AS conversions,
  toDecimal64(transform(click_id, {cakeClickIds:Array(String)}, {cakeRevenueCents:Array(Int64)}, toInt64(0)), 2) / 100 AS revenue
  FROM (SELECT * FROM click_index
    WHERE click_id IN (SELECT arrayJoin({cakeClickIds:Array(String)}))
    AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
    LIMIT 1 BY click_id))
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND 1
GROUP BY key
HAVING conversions != 0 OR revenue != 0
UNION ALL
SELECT 'bucket' AS grouping, toString(toDate(bucket, {tz:String})) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM (SELECT bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, conversions, revenue FROM report_conversions_15m
  UNION ALL
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, toInt64(transform(click_id, {cakeClickIds:Array(String)}, {cakeConversions:Array(Int64)}, toInt64(0))) AS conversions,
  toDecimal64(transform(click_id, {cakeClickIds:Array(String)}, {cakeRevenueCents:Array(Int64)}, toInt64(0)), 2) / 100 AS revenue
  FROM (SELECT * FROM click_index
    WHERE click_id IN (SELECT arrayJoin({cakeClickIds:Array(String)}))
    AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
    LIMIT 1 BY click_id))
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND 1
GROUP BY key
HAVING conversions != 0 OR revenue != 0;

-- exitClicks
WITH toDateTime({startDate:Date}, {tz:String}) AS range_start,
toDateTime({endDate:Date} + 1, {tz:String}) AS range_end,
toDate(range_start, 'UTC') + if(toDateTime(toDate(range_start, 'UTC'), 'UTC') = range_start, 0, 1) AS first_whole_day,
toDate(range_end, 'UTC') - 1 AS last_whole_day
SELECT if(campaign_id = '', '__no_click__', toString(campaign_id)) AS key, sum(exit_clicks) AS exit_clicks
FROM (
  SELECT campaign_id, spark_id, offer_id, lander_id, uniqExactMerge(exited_clicks) AS exit_clicks
  FROM report_exits_daily
  WHERE day >= first_whole_day AND day <= last_whole_day AND 1
  GROUP BY day, campaign_id, spark_id, offer_id, lander_id
  UNION ALL
  SELECT campaign_id, spark_id, offer_id, lander_id, uniqExactMerge(exited_clicks) AS exit_clicks
  FROM report_exits_15m
  WHERE bucket >= range_start AND bucket < range_end
  AND NOT (toDate(bucket, 'UTC') >= first_whole_day AND toDate(bucket, 'UTC') <= last_whole_day) AND 1
  GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id
)
GROUP BY key;

-- unapprovedConversions
SELECT if(campaign_id = '', '__no_click__', toString(campaign_id)) AS key,
sumIf(toInt64(sign), status = 'pending') AS pending,
toDecimal64(sumIf(sign * payout, status = 'pending'), 2) AS pending_payout,
sumIf(toInt64(sign), status = 'rejected') AS rejected,
toDecimal64(sumIf(sign * payout, status = 'rejected'), 2) AS rejected_payout
FROM (
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
  sign, status, payout, tiktok_ad_group_id, tiktok_creative_id, placement, campaign_name, ad_group_name, creative_name, country, device, os, browser, rule
  FROM conversions
  PREWHERE status IN ('pending', 'rejected')
  WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
)
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND 1
GROUP BY key
HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0;
