// Reports filtered by the click's audience (country, device, OS, browser) and drilled
// through a tracking variable under another one, through HTTP on real embedded stores: each
// filter keeps only its clicks, conversions, exits and their exact share of the spend, whichever table
// answers (variable rollups for one audience filter, raw facts for combinations), and the values to
// filter by are those seen in the range.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import type { AudienceValuesResponse, ReportResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
const RANGE = 'startDate=2026-06-01&endDate=2026-06-02';

const usIos = { country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok', tiktok_campaign_id: 'tt-1' };
const usAndroid = { country: 'US', device: 'Mobile', os: 'Android', browser: 'Chrome', tiktok_campaign_id: 'tt-1' };
const deDesktop = { country: 'DE', device: 'Desktop', os: 'Windows', browser: 'Chrome', tiktok_campaign_id: 'tt-1' };

async function report(query: string): Promise<ReportResponse> {
  const res = await h.call({ method: 'GET', url: `/api/reports?${RANGE}&${query}`, cookie: admin });
  expect(res.json()).not.toHaveProperty('message');
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResponse;
}
const pick = (r: ReportResponse) => r.rows.map((x) => [x.key, x.clicks, x.conversions, x.revenue, x.spend, x.exitClicks]);

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.campaigns).values([{ id: 'cmpA', name: 'Campaign A' }, { id: 'cmpB', name: 'Campaign B' }]);
  // 1 June, TikTok campaign tt-1, 6 visits: cmpA has 2 US iOS (ad 'hook', placement p1/p2), 1 US Android ('hook', p1),
  // 1 DE; cmpB has 1 DE ('story', p1) and 1 without an audience (stored before clicks had one).
  await insertClicks(h.analytics, [
    clickRow('a1', '2026-06-01 10:00:00.000', { ...usIos, creative_name: 'hook', placement: 'p1' }),
    clickRow('a2', '2026-06-01 10:05:00.000', { ...usIos, creative_name: 'hook', placement: 'p2' }),
    clickRow('a3', '2026-06-01 10:10:00.000', { ...usAndroid, creative_name: 'hook', placement: 'p1' }),
    clickRow('a4', '2026-06-01 10:15:00.000', { ...deDesktop, creative_name: 'story', placement: 'p1' }),
    clickRow('b1', '2026-06-01 11:00:00.000', { ...deDesktop, campaign_id: 'cmpB', creative_name: 'story', placement: 'p1' }),
    clickRow('b2', '2026-06-01 11:05:00.000', { campaign_id: 'cmpB', tiktok_campaign_id: 'tt-1' }),
  ]);
  await h.analytics.insert('exits', [
    exitRow('e1', 'a1', '2026-06-01 10:00:00.000', '2026-06-01 10:00:20.000', { ...usIos, creative_name: 'hook', placement: 'p1' }),
    exitRow('e2', 'a4', '2026-06-01 10:15:00.000', '2026-06-01 10:15:20.000', { ...deDesktop, creative_name: 'story', placement: 'p1' }),
  ]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'a1', '2026-06-01 10:00:00.000', 'approved', '10.00', { ...usIos, creative_name: 'hook', placement: 'p1' }),
    conversionRow('v2', 1, 'a3', '2026-06-01 10:10:00.000', 'approved', '5.00', { ...usAndroid, creative_name: 'hook', placement: 'p1' }),
    conversionRow('v3', 1, 'b1', '2026-06-01 11:00:00.000', 'pending', '3.00', { ...deDesktop, campaign_id: 'cmpB', creative_name: 'story', placement: 'p1' }),
  ]);
  // 1.00 over 6 visits: 16.67 cents each.
  await recordSpend(h.entities.db, h.analytics, [{ date: '2026-06-01', tiktokCampaignId: 'tt-1', spend: '1.00' }]);
});
afterAll(() => h.close());

describe('audience filters', () => {
  test('country=US by campaign keeps only US clicks, their conversions, exits and their share of the spend', async () => {
    const r = await report('groupBy=campaign&country=US');
    // cmpA's 3 US visits of 6: 50 cents exactly.
    expect(pick(r)).toEqual([['cmpA', 3, 2, '15.00', '0.50', 1]]);
    expect(r.totals).toMatchObject({ clicks: 3, conversions: 2, revenue: '15.00', spend: '0.50', exitClicks: 1 });
    expect(r.series.map((p) => p.visits)).toEqual([3, 0]);
  });

  test('each audience filter alone, and every filter agrees with the grouping by that variable', async () => {
    for (const [variable, value] of [['country', 'DE'], ['device', 'Mobile'], ['os', 'Android'], ['browser', 'Chrome']] as const) {
      const grouped = await report(`groupBy=${variable}`);
      const row = grouped.rows.find((x) => x.key === value)!;
      const filtered = await report(`groupBy=spark&${variable}=${value}`);
      expect(filtered.totals).toMatchObject({ clicks: row.clicks, conversions: row.conversions, revenue: row.revenue, spend: row.spend, exitClicks: row.exitClicks });
    }
  });

  test("'none' keeps the clicks without an audience", async () => {
    const r = await report('groupBy=campaign&country=none');
    expect(pick(r)).toEqual([['cmpB', 1, 0, '0.00', '0.17', 0]]);
  });

  test('two audience filters, and an audience filter under a tracking-variable grouping, read the raw facts', async () => {
    const two = await report('groupBy=campaign&country=US&os=iOS');
    // 100 cents → 33 to each of (cmpA, US iOS), (cmpA, others), (cmpB): the odd cent to cmpA's passing clicks.
    expect(pick(two)).toEqual([['cmpA', 2, 1, '10.00', '0.34', 1]]);
    const byAd = await report('groupBy=creativeName&browser=Chrome');
    // Chrome: a3 (hook), a4 and b1 (story); 3 visits of 6 → 50 cents: story 2 visits 33.33 → 33, hook 16.67 → 17.
    expect(pick(byAd)).toEqual([
      ['hook', 1, 1, '5.00', '0.17', 0],
      ['story', 2, 0, '0.00', '0.33', 1],
    ]);
    expect(byAd.rows.find((x) => x.key === 'story')).toMatchObject({ pendingConversions: 1, pendingPayout: '3.00' });
  });

  test('a lander grouping with an audience filter', async () => {
    const r = await report('groupBy=lander&device=Desktop');
    expect(r.totals).toMatchObject({ clicks: 2, spend: '0.33', exitClicks: 1 });
  });

  test('the values to filter by: those seen in the range, with names and Unknown', async () => {
    const res = await h.call({ method: 'GET', url: `/api/reports/audience?${RANGE}`, cookie: admin });
    expect(res.statusCode).toBe(200);
    const values = res.json() as AudienceValuesResponse;
    expect(values.country).toEqual([
      { value: 'DE', label: 'Germany' },
      { value: 'US', label: 'United States' },
      { value: 'none', label: 'Unknown' },
    ]);
    expect(values.os.map((v) => v.value)).toEqual(['Android', 'iOS', 'Windows', 'none']);
    // No flow routed these clicks: the rule filter offers the default path alone.
    expect(values.rule).toEqual([{ value: 'none', label: 'Default' }]);
    const empty = await h.call({ method: 'GET', url: '/api/reports/audience?startDate=2026-07-01&endDate=2026-07-01', cookie: admin });
    expect(empty.json()).toEqual({ country: [], device: [], os: [], browser: [], rule: [] });
  });

  test('a bad audience value is a 400', async () => {
    const res = await h.call({ method: 'GET', url: `/api/reports?${RANGE}&country=${'x'.repeat(501)}`, cookie: admin });
    expect(res.statusCode).toBe(400);
  });
});

describe('drill-down of a tracking variable under another', () => {
  test('ad name → placement: each child is the flat split of its clicks, three levels too', async () => {
    const top = await report('groupBy=creativeName');
    const hook = top.rows.find((x) => x.key === 'hook')!;
    // hook has 3 visits of 6: 50 cents.
    expect(hook).toMatchObject({ clicks: 3, spend: '0.50', revenue: '15.00' });
    const drill = await report('groupBy=creativeName&then=placement&parent=hook');
    // 50 cents over p1 (2 visits) and p2 (1): 33.33 → 33, 16.67 → 17.
    expect(pick(drill)).toEqual([
      ['p1', 2, 2, '15.00', '0.33', 1],
      ['p2', 1, 0, '0.00', '0.17', 0],
    ]);
    expect(drill.totals).toMatchObject({ label: 'hook', clicks: 3, spend: '0.50', revenue: '15.00', conversions: 2 });

    const third = await report('groupBy=creativeName&then=placement&then2=os&parent=hook&parent2=p1');
    // One click each: 16.67 → 16, and the odd cents go to the largest remainders, '' then hook's passing click:
    // 17 each, where p1 itself is 33 (its two clicks split at once).
    expect(pick(third)).toEqual([
      ['iOS', 1, 1, '10.00', '0.17', 1],
      ['Android', 1, 1, '5.00', '0.17', 0],
    ]);
    expect(third.totals).toMatchObject({ label: 'p1', clicks: 2, spend: '0.33' });
  });

  test('campaign → country → device, and lander → placement, with an audience filter inside', async () => {
    const drill = await report('groupBy=campaign&then=country&then2=device&parent=cmpA&parent2=US');
    expect(pick(drill)).toEqual([['Mobile', 3, 2, '15.00', '0.50', 1]]);
    const lander = await report('groupBy=lander&then=placement&parent=&country=DE');
    expect(pick(lander)).toEqual([['p1', 2, 0, '0.00', '0.33', 1]]);
  });

  test('a row whose key has a tab or line break (as an ad macro carried it) opens too', async () => {
    await insertClicks(h.analytics, [
      clickRow('t1', '2026-06-05 10:00:00.000', { ...usIos, creative_name: 'Hook\tv2\nB', placement: 'p9' }),
    ]);
    const res = await h.call({
      method: 'GET',
      url: `/api/reports?startDate=2026-06-05&endDate=2026-06-05&groupBy=creativeName&then=placement&parent=${encodeURIComponent('Hook\tv2\nB')}`,
      cookie: admin,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ReportResponse).rows.map((r) => [r.key, r.clicks])).toEqual([['p9', 1]]);
  });
});
