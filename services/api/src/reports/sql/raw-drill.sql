-- GET /api/reports?groupBy=placement&then=campaign&then2=offer&parent=p1&parent2=cmpA&device=mobile: the raw facts at every level
-- params: {"tz":"America/New_York","startDate":"2026-05-01","endDate":"2026-05-02","sparkIds":["spark-1"],"buyers":["ana"],"device":"mobile","drillParent0":"p1","drillParent1":"cmpA"}

-- visits
SELECT day, tt, passes, k0, k1, k2, visits, bots
FROM (SELECT *, max(passes = 1 AND k0 = {drillParent0:String}) OVER (PARTITION BY day, tt) AS opened FROM (SELECT toString(tzday) AS day, tt, passes, k0, k1, k2, visits, bots
    FROM (SELECT toDate(clicked_at, {tz:String}) AS tzday, tiktok_campaign_id AS tt, toUInt8(NOT (campaign_id = '') AND device = {device:String}) AS passes,
      if(campaign_id = '', '__no_click__', toString(placement)) AS k0, if(passes = 1, if(campaign_id = '', '__no_click__', toString(campaign_id)), '') AS k1, if(passes = 1 AND k1 = {drillParent1:String}, if(campaign_id = '', '__no_click__', toString(if(offer_id = 0, '', toString(offer_id)))), '') AS k2, count() AS visits, countIf(bot != '') AS bots
      FROM clicks
      WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
      AND 1
      GROUP BY tzday, tt, passes, k0, k1, k2)))
WHERE opened;

-- spend
SELECT toString(tzday) AS tzday, tt, toString(cents) AS cents FROM (SELECT tzday, tt, sum(cents) AS cents
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
SELECT 'key' AS grouping, if(campaign_id = '', '__no_click__', toString(if(offer_id = 0, '', toString(offer_id)))) AS key, sum(conversions) AS conversions, sum(revenue) AS revenue
FROM (SELECT toStartOfFifteenMinutes(clicked_at) AS bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, device,
  sumIf(toInt64(sign), status = 'approved') AS conversions,
  toDecimal64(sumIf(sign * payout, status = 'approved'), 2) AS revenue
  FROM conversions
  WHERE clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
  GROUP BY bucket, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, placement, device)
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND if(campaign_id = '', '__no_click__', toString(placement)) = {drillParent0:String} AND if(campaign_id = '', '__no_click__', toString(campaign_id)) = {drillParent1:String} AND NOT (campaign_id = '') AND device = {device:String}
GROUP BY key
HAVING conversions != 0 OR revenue != 0;

-- exitClicks
SELECT toString(if(offer_id = 0, '', toString(offer_id))) AS key, uniqExact(cityHash64(click_id)) AS exit_clicks
FROM exits
WHERE exited_at >= toDateTime({startDate:Date}, {tz:String}) - INTERVAL 1 DAY
AND clicked_at >= toDateTime({startDate:Date}, {tz:String}) AND clicked_at < toDateTime({endDate:Date} + 1, {tz:String})
AND NOT (campaign_id = '') AND device = {device:String} AND toString(placement) = {drillParent0:String} AND toString(campaign_id) = {drillParent1:String}
GROUP BY key;

-- unapprovedConversions
SELECT if(campaign_id = '', '__no_click__', toString(if(offer_id = 0, '', toString(offer_id)))) AS key,
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
WHERE bucket >= toDateTime({startDate:Date}, {tz:String}) AND bucket < toDateTime({endDate:Date} + 1, {tz:String}) AND 1 AND if(campaign_id = '', '__no_click__', toString(placement)) = {drillParent0:String} AND if(campaign_id = '', '__no_click__', toString(campaign_id)) = {drillParent1:String} AND NOT (campaign_id = '') AND device = {device:String}
GROUP BY key
HAVING pending != 0 OR pending_payout != 0 OR rejected != 0 OR rejected_payout != 0;
