// The click rollups summed in JavaScript hold exactly what the materialized views of migrations 0002 and 0005
// computed from the same clicks (their SELECT, run here over the raw clicks), across inserts, days, quarters,
// bots and every variable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Analytics } from './analytics';
import { openChdbAnalytics } from './chdb-analytics';
import { insertClicks } from './insert-clicks';
import { migrateAnalytics } from './migrate-analytics';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-rollups-'));
let analytics: Analytics;

// A fixed sequence, so a failure repeats.
let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
const two = (n: number) => String(n).padStart(2, '0');

function click(i: number) {
  return {
    click_id: `click-${i}`,
    clicked_at: `2026-03-${two(pick([9, 10, 11]))} ${two(Math.floor(random() * 24))}:${two(Math.floor(random() * 60))}:${two(Math.floor(random() * 60))}.${String(i % 1000).padStart(3, '0')}`,
    campaign_id: pick(['cmpA', 'cmpB']),
    lander_id: pick([0, 3]),
    offer_id: pick([0, 5, 6]),
    spark_id: pick(['', 'spk-1']),
    tiktok_campaign_id: pick(['', 'tt-1', 'tt-2']),
    tiktok_ad_group_id: pick(['ag-1', 'ag-2']),
    tiktok_creative_id: pick(['cr-1', 'cr-2', 'cr-3']),
    placement: pick(['TikTok', 'Pangle', '']),
    campaign_name: pick(['Spring', 'Ünïcode ✓']),
    ad_group_name: pick(['Group', '']),
    creative_name: pick(['Video 1', 'Video "2"']),
    country: pick(['US', 'DE', '']),
    device: pick(['Mobile', 'Desktop']),
    os: pick(['iOS', 'Android']),
    browser: pick(['Chrome', 'Safari', '']),
    rule: pick(['', 'US iPhones']),
    ttclid: '', ip: '10.0.0.1', user_agent: 'UA', referrer: '',
    bot: random() < 0.2 ? 'link-preview' : '',
    log_partition: 0, log_offset: i,
  };
}

const QUARTER = 'toUInt8(intDiv(toUnixTimestamp(clicked_at) % 86400, 900))';
const COUNTS = `count() AS clicks, countIf(bot != '') AS bot_clicks,
  sumMap([${QUARTER}], [toUInt32(1)]) AS quarters, sumMapIf([${QUARTER}], [toUInt32(1)], bot != '') AS bot_quarters`;
const STORED = `sum(clicks) AS clicks, sum(bot_clicks) AS bot_clicks,
  sumMap(quarterMap.quarter, quarterMap.clicks) AS quarters, sumMap(botQuarterMap.quarter, botQuarterMap.clicks) AS bot_quarters`;
const VARIABLES = `[('tiktokCampaignId', tiktok_campaign_id), ('tiktokAdGroupId', tiktok_ad_group_id),
  ('tiktokCreativeId', tiktok_creative_id), ('placement', placement), ('campaignName', campaign_name),
  ('adGroupName', ad_group_name), ('creativeName', creative_name),
  ('country', country), ('device', device), ('os', os), ('browser', browser), ('rule', rule)]`;
const DAILY_KEY = 'day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id';
const VARIABLE_KEY = 'variable, value, day, campaign_id, spark_id, offer_id, tiktok_campaign_id';

beforeAll(async () => {
  analytics = await openChdbAnalytics(dir);
  await migrateAnalytics(analytics);
  const clicks = Array.from({ length: 600 }, (_, i) => click(i));
  // Three inserts: the rollups add up across them, as SummingMergeTree sums the projector's units.
  for (let from = 0; from < clicks.length; from += 200) await insertClicks(analytics, clicks.slice(from, from + 200), { dedupToken: `t-${from}` });
});
afterAll(async () => {
  await analytics?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('report_clicks_daily holds what its view computed', async () => {
  const stored = await analytics.query(`SELECT ${DAILY_KEY}, ${STORED} FROM report_clicks_daily GROUP BY ${DAILY_KEY} ORDER BY ${DAILY_KEY}`);
  const viewed = await analytics.query(
    `SELECT toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, lander_id, tiktok_campaign_id, ${COUNTS}
     FROM clicks GROUP BY ${DAILY_KEY} ORDER BY ${DAILY_KEY}`,
  );
  expect(viewed.length).toBeGreaterThan(50);
  expect(stored).toEqual(viewed);
});

test('report_variable_clicks_daily holds what its two views computed, for all 12 variables (the flow rule of migration 0008 too)', async () => {
  const stored = await analytics.query(
    `SELECT ${VARIABLE_KEY}, ${STORED} FROM report_variable_clicks_daily GROUP BY ${VARIABLE_KEY} ORDER BY ${VARIABLE_KEY}`,
  );
  const viewed = await analytics.query(
    `SELECT pair.1 AS variable, pair.2 AS value, toDate(clicked_at) AS day, campaign_id, spark_id, offer_id, tiktok_campaign_id, ${COUNTS}
     FROM clicks ARRAY JOIN ${VARIABLES} AS pair GROUP BY ${VARIABLE_KEY} ORDER BY ${VARIABLE_KEY}`,
  );
  expect(new Set(viewed.map((r) => r.variable)).size).toBe(12);
  expect(stored).toEqual(viewed);
});

test('an insert repeated under its token adds nothing to the rollups', async () => {
  const total = async () => (await analytics.query<{ n: number }>("SELECT sum(clicks) AS n FROM report_variable_clicks_daily WHERE variable = 'os'"))[0]!.n;
  const before = await total();
  await insertClicks(analytics, Array.from({ length: 200 }, (_, i) => click(i)), { dedupToken: 't-0' });
  expect(before).toBe(600);
  expect(await total()).toBe(600);
});
