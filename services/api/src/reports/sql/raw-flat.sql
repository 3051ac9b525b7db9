-- GET /api/reports?groupBy=placement&country=US: two variables, the raw facts, with CAKE fill-ins
-- params: {"tz":"America/New_York","startDate":"2026-05-01","endDate":"2026-05-02","sparkIds":["spark-1"],"buyers":["ana"],"cakeClickIds":["click-7"],"cakeConversions":[1],"cakeRevenueCents":[250],"country":"US"}

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
      FROM (SELECT toDate(clicked_at, {tz:String}) AS tzday, tiktok_campaign_id AS tt, toUInt8(NOT (campaign_id = '') AND country = {country:String}) AS passes,
        '' AS hour, if(campaign_id = '', '__no_click__', toString(placement)) AS key, count() AS visits, countIf(bot != '') AS bots
        FROM clicks
        WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
        AND 1
        GROUP BY tzday, tt, passes, hour, key)
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
SELECT 'key' AS grouping, if(campaign_id = '', '__no_click__', toString(placement)) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM (SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, country,
  sumIf(toInt64(sign), status = 'approved') AS conversions,
  toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue
  FROM conversions
  WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
  GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, country
  UNION ALL
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, country, toInt64(transform(click_id, {cakeClickIds:Array(String)}, {cakeConversions:Array(Int64)}, toInt64(0))) AS conversions,
  toDecimal64(transform(click_id, {cakeClickIds:Array(String)}, {cakeRevenueCents:Array(Int64)}, toInt64(0)), 2) / 100 AS revenue
  FROM (SELECT * FROM clicks
    WHERE click_id IN (SELECT arrayJoin({cakeClickIds:Array(String)}))
    AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
    LIMIT 1 BY click_id))
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND country = {country:String}
GROUP BY key
HAVING conversions != 0 OR revenue != 0
UNION ALL
SELECT 'bucket' AS grouping, toString(toDate(bucket, {tz:String})) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM (SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, country,
  sumIf(toInt64(sign), status = 'approved') AS conversions,
  toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue
  FROM conversions
  WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
  GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, country
  UNION ALL
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, country, toInt64(transform(click_id, {cakeClickIds:Array(String)}, {cakeConversions:Array(Int64)}, toInt64(0))) AS conversions,
  toDecimal64(transform(click_id, {cakeClickIds:Array(String)}, {cakeRevenueCents:Array(Int64)}, toInt64(0)), 2) / 100 AS revenue
  FROM (SELECT * FROM clicks
    WHERE click_id IN (SELECT arrayJoin({cakeClickIds:Array(String)}))
    AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
    LIMIT 1 BY click_id))
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND country = {country:String}
GROUP BY key
HAVING conversions != 0 OR revenue != 0;

-- exitClicks
SELECT toString(placement) AS key, uniqExact(cityHash64(click_id)) AS exit_clicks
FROM exits
WHERE exited_at >= toDateTime({startDate:Date}, {tz:String}) - INTERVAL 1 DAY
AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
AND NOT (campaign_id = '') AND country = {country:String}
GROUP BY key;

-- unapprovedConversions
SELECT if(campaign_id = '', '__no_click__', toString(placement)) AS key,
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
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND country = {country:String}
GROUP BY key
HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0;
