// Reports by the flow rule that routed each click (groupBy=rule, rule=…), through HTTP on real embedded stores:
// each rule is a row with its clicks' visits, exits, conversions and share of the spend; the default path's
// clicks, and those stored before clicks recorded their rule, are the 'Default' row; a filter by a rule or by
// 'none' (the default path) keeps only those clicks; the Click Log shows each click's rule.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import { NO_CLICK_KEY, type AudienceValuesResponse, type ClickLogResponse, type ReportResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
const RANGE = 'startDate=2026-07-01&endDate=2026-07-02';

const iphones = { rule: 'US iPhones', tiktok_campaign_id: 'tt-1' };
const bots = { rule: 'Bots', tiktok_campaign_id: 'tt-1' };
const byDefault = { tiktok_campaign_id: 'tt-1' };

async function report(query: string): Promise<ReportResponse> {
  const res = await h.call({ method: 'GET', url: `/api/reports?${RANGE}&${query}`, cookie: admin });
  expect(res.json()).not.toHaveProperty('message');
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResponse;
}
const pick = (r: ReportResponse) =>
  r.rows
    .filter((x) => x.key !== NO_CLICK_KEY)
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((x) => [x.key, x.label, x.clicks, x.exitClicks, x.conversions, x.revenue, x.pendingConversions, x.spend]);

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.campaigns).values([{ id: 'cmpA', name: 'Campaign A' }, { id: 'cmpB', name: 'Campaign B' }]);
  // 1 July, TikTok campaign tt-1, 8 visits: cmpA sends 3 to 'US iPhones' and 2 down its default path; cmpB has
  // 1 'Bots' click, 1 default one and 1 stored before clicks recorded their rule (no rule column given).
  await insertClicks(h.analytics, [
    clickRow('a1', '2026-07-01 10:00:00.000', iphones),
    clickRow('a2', '2026-07-01 10:05:00.000', iphones),
    clickRow('a3', '2026-07-01 10:10:00.000', iphones),
    clickRow('a4', '2026-07-01 10:15:00.000', byDefault),
    clickRow('a5', '2026-07-01 10:20:00.000', byDefault),
    clickRow('b1', '2026-07-01 11:00:00.000', { ...bots, campaign_id: 'cmpB' }, 'known-bot'),
    clickRow('b2', '2026-07-01 11:05:00.000', { ...byDefault, campaign_id: 'cmpB' }),
  ]);
  const { rule: _unrecorded, ...old } = clickRow('b3', '2026-07-01 11:10:00.000', { ...byDefault, campaign_id: 'cmpB' });
  await insertClicks(h.analytics, [old]);
  await h.analytics.insert('exits', [
    exitRow('e1', 'a1', '2026-07-01 10:00:00.000', '2026-07-01 10:00:20.000', iphones),
    exitRow('e2', 'a1', '2026-07-01 10:00:00.000', '2026-07-01 10:01:00.000', iphones),
    exitRow('e3', 'a4', '2026-07-01 10:15:00.000', '2026-07-01 10:15:20.000', byDefault),
  ]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'a1', '2026-07-01 10:00:00.000', 'approved', '10.00', iphones),
    conversionRow('v2', 1, 'a2', '2026-07-01 10:05:00.000', 'approved', '2.50', iphones),
    conversionRow('v3', 1, 'a4', '2026-07-01 10:15:00.000', 'pending', '3.00', byDefault),
    conversionRow('v4', 1, 'b2', '2026-07-01 11:05:00.000', 'approved', '4.00', { ...byDefault, campaign_id: 'cmpB' }),
  ]);
  // 0.80 over 8 visits: 10 cents each.
  await recordSpend(h.entities.db, h.analytics, [{ date: '2026-07-01', tiktokCampaignId: 'tt-1', spend: '0.80' }]);
});
afterAll(() => h.close());

describe('groupBy=rule', () => {
  test("a row per rule with its clicks' figures; the default path's clicks and those stored before rules were recorded are 'Default'", async () => {
    const r = await report('groupBy=rule');
    expect(pick(r)).toEqual([
      ['', 'Default', 4, 1, 1, '4.00', 1, '0.40'],
      ['Bots', 'Bots', 1, 0, 0, '0.00', 0, '0.10'],
      ['US iPhones', 'US iPhones', 3, 1, 2, '12.50', 0, '0.30'],
    ]);
    expect(r.rows.find((x) => x.key === 'Bots')!.botClicks).toBe(1);
    expect(r.totals).toMatchObject({ clicks: 8, exitClicks: 2, conversions: 3, revenue: '16.50', spend: '0.80' });
  });

  test('a drill-down from a campaign into its rules splits its visits, conversions and spend by rule', async () => {
    const r = await report('groupBy=campaign&then=rule&parent=cmpA');
    expect(pick(r)).toEqual([
      ['', 'Default', 2, 1, 0, '0.00', 1, '0.20'],
      ['US iPhones', 'US iPhones', 3, 1, 2, '12.50', 0, '0.30'],
    ]);
  });
});

describe('the rule filter', () => {
  test.each([
    ['rule=US%20iPhones', [['cmpA', 'Campaign A', 3, 1, 2, '12.50', 0, '0.30']]],
    // 'none' is the default path, as for every filter of a click's dimension.
    ['rule=none', [['cmpA', 'Campaign A', 2, 1, 0, '0.00', 1, '0.20'], ['cmpB', 'Campaign B', 2, 0, 1, '4.00', 0, '0.20']]],
    ['rule=Bots&spark=none', [['cmpB', 'Campaign B', 1, 0, 0, '0.00', 0, '0.10']]],
  ])('%s by campaign keeps only those clicks, their exits, conversions and share of the spend', async (filter, rows) => {
    const r = await report(`groupBy=campaign&${filter}`);
    expect(pick(r)).toEqual(rows);
    // A filter on a click's dimension leaves out what no click carries.
    expect(r.rows.some((x) => x.key === NO_CLICK_KEY)).toBe(false);
  });

  test('a rule filter beside another variable grouping reads the raw facts, to the same figures', async () => {
    const r = await report('groupBy=tiktokCampaignId&rule=US%20iPhones');
    expect(pick(r)).toEqual([['tt-1', 'tt-1', 3, 1, 2, '12.50', 0, '0.30']]);
  });

  test('a rule no click took finds nothing', async () => {
    expect((await report('groupBy=campaign&rule=Gone')).rows).toEqual([]);
  });
});

test('the Click Log shows the rule of each click, empty for the default path', async () => {
  const res = await h.call({ method: 'GET', url: `/api/clicks?${RANGE}`, cookie: admin });
  expect(res.statusCode).toBe(200);
  const rule = Object.fromEntries((res.json() as ClickLogResponse).rows.map((r) => [r.clickId, r.rule]));
  expect(rule).toMatchObject({ a1: 'US iPhones', a4: '', b1: 'Bots', b3: '' });
});

test("the filter bar's rule values: each rule the range's clicks took, then the default path", async () => {
  const res = await h.call({ method: 'GET', url: `/api/reports/audience?${RANGE}`, cookie: admin });
  expect(res.statusCode).toBe(200);
  expect((res.json() as AudienceValuesResponse).rule).toEqual([
    { value: 'Bots', label: 'Bots' },
    { value: 'US iPhones', label: 'US iPhones' },
    { value: 'none', label: 'Default' },
  ]);
});
