-- GET /api/reports?groupBy=mediabuyer for one day (hourly series), spark 'none' and offer 3, seen by a scoped viewer
-- params: {"tz":"America/New_York","startDate":"2026-05-01","endDate":"2026-05-01","sparkIds":["spark-1"],"buyers":["ana"],"offer":3,"spark":"","viewerSparks":["spark-1"]}

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
      FROM (WITH toDateTime(day, 'UTC') AS utc_midnight, utc_midnight + toIntervalSecond(toUInt32(q.1) * 900) AS at
        SELECT toDate(at, {tz:String}) AS tzday, formatDateTime(toStartOfHour(at, {tz:String}), '%Y-%m-%d %H:00') AS hour, tiktok_campaign_id AS tt, if(campaign_id = '', '__no_click__', toString(transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, ''))) AS key, toUInt8(NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)) AS passes,
        toUInt64(q.2) AS visits, toUInt64(arrayElement(botQuarterMap.clicks, indexOf(botQuarterMap.quarter, q.1))) AS bots
        FROM report_clicks_daily
        ARRAY JOIN arrayZip(quarterMap.quarter, quarterMap.clicks) AS q
        WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND 1
        AND at >= toDateTime({startDate:Date}, {tz:String}) AND at < toDateTime({endDate:Date} + 1, {tz:String}))
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

-- hourlyVisits
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
    FROM (SELECT tzday, tt, hour AS unit, passes, sum(visits) AS visits, sum(bots) AS bots
      FROM (WITH toDateTime(day, 'UTC') AS utc_midnight, utc_midnight + toIntervalSecond(toUInt32(q.1) * 900) AS at
        SELECT toDate(at, {tz:String}) AS tzday, formatDateTime(toStartOfHour(at, {tz:String}), '%Y-%m-%d %H:00') AS hour, tiktok_campaign_id AS tt, if(campaign_id = '', '__no_click__', toString(transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, ''))) AS key, toUInt8(NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)) AS passes,
        toUInt64(q.2) AS visits, toUInt64(arrayElement(botQuarterMap.clicks, indexOf(botQuarterMap.quarter, q.1))) AS bots
        FROM report_clicks_daily
        ARRAY JOIN arrayZip(quarterMap.quarter, quarterMap.clicks) AS q
        WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND 1
        AND at >= toDateTime({startDate:Date}, {tz:String}) AND at < toDateTime({endDate:Date} + 1, {tz:String}))
      GROUP BY tzday, tt, unit, passes)
    GROUP BY tzday, tt
  ) AS units
  FULL JOIN (SELECT tzday, tt, sum(cents) AS cents
    FROM (
      SELECT date AS tzday, tiktok_campaign_id AS tt, toInt128(toInt64(spend * 100)) AS cents
      FROM spend FINAL
      WHERE date >= {startDate:Date} AND date <= {endDate:Date} AND spend > 0
      AND (date, tiktok_campaign_id) GLOBAL NOT IN (SELECT advertiser_day, tiktok_campaign_id FROM ad_spend FINAL
        WHERE hours = 1 AND advertiser_day >= {startDate:Date}
        AND advertiser_day <= {endDate:Date} AND spend > 0)
    )
    GROUP BY tzday, tt) AS spent USING (tzday, tt)
)
LEFT ARRAY JOIN sorted AS u, arrayEnumerate(sorted) AS rank
GROUP BY GROUPING SETS ((u.unit AS unit), (tzday));

-- hourlySpend
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
    FROM (SELECT unit AS tzday, tt, unit, passes, visits, bots FROM (SELECT tt, unit, passes, visits, bots FROM (SELECT tzday, tt, hour AS unit, passes, sum(visits) AS visits, sum(bots) AS bots
          FROM (WITH toDateTime(day, 'UTC') AS utc_midnight, utc_midnight + toIntervalSecond(toUInt32(q.1) * 900) AS at
            SELECT toDate(at, {tz:String}) AS tzday, formatDateTime(toStartOfHour(at, {tz:String}), '%Y-%m-%d %H:00') AS hour, tiktok_campaign_id AS tt, if(campaign_id = '', '__no_click__', toString(transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, ''))) AS key, toUInt8(NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)) AS passes,
            toUInt64(q.2) AS visits, toUInt64(arrayElement(botQuarterMap.clicks, indexOf(botQuarterMap.quarter, q.1))) AS bots
            FROM report_clicks_daily
            ARRAY JOIN arrayZip(quarterMap.quarter, quarterMap.clicks) AS q
            WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND 1
            AND at >= toDateTime({startDate:Date}, {tz:String}) AND at < toDateTime({endDate:Date} + 1, {tz:String}))
          GROUP BY tzday, tt, unit, passes)))
    GROUP BY tzday, tt
  ) AS units
  FULL JOIN (SELECT tzday, tt, sum(cents) AS cents
    FROM (
      SELECT formatDateTime(toStartOfHour(starts_at, {tz:String}), '%Y-%m-%d %H:00') AS tzday, tiktok_campaign_id AS tt, toInt128(toInt64(spend * 100)) AS cents
      FROM ad_spend FINAL
      WHERE hours = 1 AND advertiser_day >= {startDate:Date} - 1 AND advertiser_day <= {endDate:Date} + 1
      AND starts_at >= toDateTime({startDate:Date}, {tz:String}) AND starts_at < toDateTime({endDate:Date} + 1, {tz:String})
      AND spend > 0
    )
    GROUP BY tzday, tt) AS spent USING (tzday, tt)
)
LEFT ARRAY JOIN sorted AS u, arrayEnumerate(sorted) AS rank
GROUP BY GROUPING SETS ((u.unit AS unit), (tzday));

-- conversions
SELECT 'key' AS grouping, if(campaign_id = '', '__no_click__', toString(transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, ''))) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM report_conversions_15m
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)
GROUP BY key
HAVING conversions != 0 OR revenue != 0
UNION ALL
SELECT 'bucket' AS grouping, formatDateTime(toStartOfHour(bucket, {tz:String}), '%Y-%m-%d %H:00') AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM report_conversions_15m
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)
GROUP BY key
HAVING conversions != 0 OR revenue != 0;

-- exitClicks
WITH toDateTime({startDate:Date}, {tz:String}) AS range_start,
toDateTime({endDate:Date} + 1, {tz:String}) AS range_end,
toDate(range_start, 'UTC') + if(toDateTime(toDate(range_start, 'UTC'), 'UTC') = range_start, 0, 1) AS first_whole_day,
toDate(range_end, 'UTC') - 1 AS last_whole_day
SELECT if(campaign_id = '', '__no_click__', toString(transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, ''))) AS key, sum(exit_clicks) AS exit_clicks
FROM (
  SELECT campaign_id, spark_id, offer_id, lander_id, uniqExactMerge(exited_clicks) AS exit_clicks
  FROM report_exits_daily
  WHERE day >= first_whole_day AND day <= last_whole_day AND NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)
  GROUP BY day, campaign_id, spark_id, offer_id, lander_id
  UNION ALL
  SELECT campaign_id, spark_id, offer_id, lander_id, uniqExactMerge(exited_clicks) AS exit_clicks
  FROM report_exits_15m
  WHERE bucket >= range_start AND bucket < range_end
  AND NOT (toDate(bucket, 'UTC') >= first_whole_day AND toDate(bucket, 'UTC') <= last_whole_day) AND NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)
  GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id
)
GROUP BY key;

-- unapprovedConversions
SELECT if(campaign_id = '', '__no_click__', toString(transform(spark_id, {sparkIds:Array(String)}, {buyers:Array(String)}, ''))) AS key,
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
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND NOT (campaign_id = '') AND offer_id = {offer:UInt32} AND spark_id = {spark:String} AND has({viewerSparks:Array(String)}, spark_id)
GROUP BY key
HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0;
