// Reports grouped by the click's audience (groupBy=country|device|os|browser) and the Click Log's audience
// fields, through HTTP on real embedded stores: conversions count on their click's row, '' shows 'Unknown'.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { insertClicks, schema } from '@tracker/core';
import { NO_CLICK_KEY, type ClickLogResponse, type ReportResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;

const us = { country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok', tiktok_campaign_id: 'tt-1' };
const de = { country: 'DE', device: 'Desktop', os: 'Windows', browser: 'Chrome', tiktok_campaign_id: 'tt-1' };

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.campaigns).values({ id: 'cmpA', name: 'Campaign A' });
  await insertClicks(h.analytics, [
    clickRow('c1', '2026-04-01 10:00:00.000', us),
    clickRow('c2', '2026-04-01 11:00:00.000', us),
    clickRow('c3', '2026-04-01 12:00:00.000', de),
    // Stored before clicks had an audience.
    clickRow('c4', '2026-04-02 09:00:00.000'),
  ]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'c1', '2026-04-01 10:00:00.000', 'approved', '12.50', us),
    conversionRow('v2', 1, 'c3', '2026-04-01 12:00:00.000', 'approved', '4.00', de),
  ]);
});
afterAll(() => h.close());

async function report(groupBy: string): Promise<ReportResponse> {
  const res = await h.call({ method: 'GET', url: `/api/reports?groupBy=${groupBy}&startDate=2026-04-01&endDate=2026-04-03`, cookie: admin });
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResponse;
}
const figures = (r: ReportResponse) =>
  r.rows.filter((x) => x.key !== NO_CLICK_KEY).map((x) => [x.key, x.label, x.clicks, x.conversions, x.revenue]);

test.each([
  ['country', [['US', 'United States', 2, 1, '12.50'], ['DE', 'Germany', 1, 1, '4.00'], ['', 'Unknown', 1, 0, '0.00']]],
  ['device', [['Mobile', 'Mobile', 2, 1, '12.50'], ['Desktop', 'Desktop', 1, 1, '4.00'], ['', 'Unknown', 1, 0, '0.00']]],
  ['os', [['iOS', 'iOS', 2, 1, '12.50'], ['Windows', 'Windows', 1, 1, '4.00'], ['', 'Unknown', 1, 0, '0.00']]],
  ['browser', [['TikTok', 'TikTok', 2, 1, '12.50'], ['Chrome', 'Chrome', 1, 1, '4.00'], ['', 'Unknown', 1, 0, '0.00']]],
])('groupBy=%s: a row per value with its visits and its clicks’ conversions', async (groupBy, rows) => {
  const r = await report(groupBy);
  expect(figures(r)).toEqual(rows);
  expect(r.totals).toMatchObject({ clicks: 4, conversions: 2, revenue: '16.50' });
});

test('the Click Log shows each click’s country, device, OS and browser', async () => {
  const res = await h.call({ method: 'GET', url: '/api/clicks?startDate=2026-04-01&endDate=2026-04-03', cookie: admin });
  expect(res.statusCode).toBe(200);
  const rows = (res.json() as ClickLogResponse).rows;
  expect(rows.map((r) => [r.clickId, r.country, r.device, r.os, r.browser])).toEqual([
    ['c4', '', '', '', ''],
    ['c3', 'DE', 'Desktop', 'Windows', 'Chrome'],
    ['c2', 'US', 'Mobile', 'iOS', 'TikTok'],
    ['c1', 'US', 'Mobile', 'iOS', 'TikTok'],
  ]);
});
