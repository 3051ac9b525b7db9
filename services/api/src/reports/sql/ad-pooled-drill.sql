-- GET /api/reports?groupBy=campaign&then=tiktokAdGroupId&parent=cmpA: children pooled per ad group, the opened row per TikTok campaign
-- params: {"tz":"America/New_York","startDate":"2026-05-01","endDate":"2026-05-02","sparkIds":["spark-1"],"buyers":["ana"],"variable":"tiktokAdGroupId","drillParent0":"cmpA"}

-- visits
SELECT day, tt, passes, k0, k1, s0, visits, bots
FROM (SELECT *, max(passes = 1 AND k0 = {drillParent0:String}) OVER (PARTITION BY day, tt) AS opened FROM (SELECT toString(tzday) AS day, tt, passes, key[1] AS k0, if(passes = 1, key[2], '') AS k1, key[3] AS s0, sum(visits) AS visits, sum(bots) AS bots
    FROM (WITH toDateTime(day, 'UTC') AS utc_midnight, toDate(utc_midnight, {tz:String}) AS first_day,
      toUInt8(least(96, intDiv(toUnixTimestamp(toDateTime(first_day + 1, {tz:String})) - toUnixTimestamp(utc_midnight), 900))) AS bound,
      toUInt64(arraySum((c, q) -> c * (q < bound), quarterMap.clicks, quarterMap.quarter)) AS visits_before,
      toUInt64(arraySum((c, q) -> c * (q < bound), botQuarterMap.clicks, botQuarterMap.quarter)) AS bots_before
      SELECT part.1 AS tzday, '' AS hour, tiktok_campaign_id AS tt, [if(campaign_id = '', '__no_click__', toString(campaign_id)), if(campaign_id = '', '__no_click__', toString(value)), if(campaign_id = '', '__no_click__', toString(value))] AS key, toUInt8(1) AS passes, part.2 AS visits, part.3 AS bots
      FROM report_variable_clicks_daily
      ARRAY JOIN [(first_day, visits_before, bots_before),
      (first_day + 1, toUInt64(clicks - visits_before), toUInt64(bot_clicks - bots_before))] AS part
      WHERE day >= {startDate:Date} - 1 AND day <= {endDate:Date} + 1 AND variable = {variable:String}
      AND tzday >= {startDate:Date} AND tzday <= {endDate:Date} AND visits > 0)
    GROUP BY day, tt, passes, k0, k1, s0))
WHERE opened;

-- spend
SELECT toString(tzday) AS tzday, tt, toString(cents) AS cents, orphan FROM (SELECT tzday, tt, sum(cents) AS cents, any(orphan) AS orphan
  FROM (
    SELECT toDate(starts_at, {tz:String}) AS tzday, concat(tiktok_campaign_id, '|', tiktok_adgroup_id) AS tt, '' AS orphan, toInt128(toInt64(spend * 100)) AS cents
    FROM ad_spend FINAL
    WHERE hours = 1 AND advertiser_day >= {startDate:Date} - 1 AND advertiser_day <= {endDate:Date} + 1
    AND starts_at >= toDateTime({startDate:Date}, {tz:String}) AND starts_at < toDateTime({endDate:Date} + 1, {tz:String})
    AND spend > 0
    UNION ALL
    SELECT advertiser_day AS tzday, concat(tiktok_campaign_id, '|', tiktok_adgroup_id) AS tt, '' AS orphan, toInt128(toInt64(spend * 100)) AS cents
    FROM ad_spend FINAL
    WHERE hours = 24 AND advertiser_day >= {startDate:Date} AND advertiser_day <= {endDate:Date} AND spend > 0
    UNION ALL
    SELECT date AS tzday, tiktok_campaign_id AS tt, '' AS orphan, toInt128(toInt64(spend * 100)) AS cents
    FROM spend FINAL
    WHERE date >= {startDate:Date} AND date <= {endDate:Date} AND spend > 0
    AND (date, tiktok_campaign_id) GLOBAL NOT IN (SELECT advertiser_day, tiktok_campaign_id FROM ad_spend FINAL
      WHERE advertiser_day >= {startDate:Date}
      AND advertiser_day <= {endDate:Date} AND spend > 0)
  )
  GROUP BY tzday, tt
  HAVING cents > 0);

-- openedSpend
SELECT toString(tzday) AS tzday, tt, toString(cents) AS cents, '' AS orphan FROM (SELECT tzday, tt, sum(cents) AS cents
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
  HAVING cents > 0);

-- conversions
SELECT 'key' AS grouping, if(campaign_id = '', '__no_click__', toString(value)) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM report_variable_conversions_15m
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND variable = {variable:String} AND if(campaign_id = '', '__no_click__', toString(campaign_id)) = {drillParent0:String} AND 1
GROUP BY key
HAVING conversions != 0 OR revenue != 0;

-- exitClicks
SELECT toString(tiktok_ad_group_id) AS key, uniqExact(cityHash64(click_id)) AS exit_clicks
FROM exits
WHERE exited_at >= toDateTime({startDate:Date}, {tz:String}) - INTERVAL 1 DAY
AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
AND 1 AND toString(campaign_id) = {drillParent0:String}
GROUP BY key;

-- unapprovedConversions
SELECT if(campaign_id = '', '__no_click__', toString(value)) AS key,
sumIf(toInt64(sign), status = 'pending') AS pending,
toDecimal64(sumIf(sign * payout, status = 'pending'), 2) AS pending_payout,
sumIf(toInt64(sign), status = 'rejected') AS rejected,
toDecimal64(sumIf(sign * payout, status = 'rejected'), 2) AS rejected_payout
FROM (
  SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id,
  sign, status, payout, {variable:String} AS variable, tiktok_ad_group_id AS value, tiktok_ad_group_id, tiktok_creative_id, placement, campaign_name, ad_group_name, creative_name, country, device, os, browser, rule
  FROM conversions
  PREWHERE status IN ('pending', 'rejected')
  WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
)
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND variable = {variable:String} AND if(campaign_id = '', '__no_click__', toString(campaign_id)) = {drillParent0:String} AND 1
GROUP BY key
HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0;
