// Drill-down through HTTP on the real embedded stores: `then`/`parent` answer the
// next level's rows under one opened row, their totals are that row to the cent, each row's spend is the
// flat report's split of its clicks (so children may differ from their parent by the odd cent), three levels deep, the 'Unknown' row opens too, and impossible paths (a level twice) are a 400.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import type { ReportResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
let o1 = '';
let o2 = '';
const RANGE = 'startDate=2026-05-01&endDate=2026-05-02';

async function report(query: string): Promise<ReportResponse> {
  const res = await h.call({ method: 'GET', url: `/api/reports?${RANGE}&${query}`, cookie: admin });
  expect(res.json()).not.toHaveProperty('message');
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResponse;
}
const pick = (r: ReportResponse) => r.rows.map((x) => ({ key: x.key, label: x.label, clicks: x.clicks, spend: x.spend, revenue: x.revenue }));

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  const db = h.entities.db;
  const offers = await db.insert(schema.offers).values([{ name: 'Offer One', url: 'https://o.example/1' }, { name: 'Offer Two', url: 'https://o.example/2' }]).returning();
  o1 = String(offers[0]!.id);
  o2 = String(offers[1]!.id);
  await db.insert(schema.campaigns).values([{ id: 'cmpA', name: 'Campaign A' }, { id: 'cmpB', name: 'Campaign B' }]);
  const tt = { tiktok_campaign_id: 'tt-1' };
  // 1 May, TikTok campaign tt-1: cmpA has 3 visits (offer 1 on placements p1 and p2, offer 2 on p3), cmpB 4 without offer.
  await insertClicks(h.analytics, [
    clickRow('a1', '2026-05-01 10:00:00.000', { ...tt, offer_id: offers[0]!.id, placement: 'p1' }),
    clickRow('a2', '2026-05-01 10:01:00.000', { ...tt, offer_id: offers[0]!.id, placement: 'p2' }),
    clickRow('a3', '2026-05-01 10:02:00.000', { ...tt, offer_id: offers[1]!.id, placement: 'p3' }),
    ...['b1', 'b2', 'b3', 'b4'].map((id) => clickRow(id, '2026-05-01 11:00:00.000', { ...tt, campaign_id: 'cmpB' })),
  ]);
  await h.analytics.insert('exits', [exitRow('e1', 'a1', '2026-05-01 10:00:00.000', '2026-05-01 10:00:30.000', { ...tt, offer_id: offers[0]!.id, placement: 'p1' })]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'a1', '2026-05-01 10:00:00.000', 'approved', '7.00', { ...tt, offer_id: offers[0]!.id, placement: 'p1' }),
  ]);
  await recordSpend(db, h.analytics, [{ date: '2026-05-01', tiktokCampaignId: 'tt-1', spend: '1.00' }]);
});
afterAll(() => h.close());

describe('GET /api/reports drill-down', () => {
  test('the children of a campaign add up to its row to the cent, and the totals are that row', async () => {
    const top = await report('groupBy=campaign');
    const a = top.rows.find((r) => r.key === 'cmpA')!;
    // 100 cents over 7 visits: cmpA 42.86 → 43, cmpB 57.14 → 57.
    expect(a).toMatchObject({ clicks: 3, spend: '0.43', revenue: '7.00' });

    const drill = await report('groupBy=campaign&then=offer&parent=cmpA');
    expect(drill.groupBy).toBe('offer');
    // cmpA's 43 cents over its 3 visits: offer 1 (2 visits) 28.67 → 29, offer 2 14.33 → 14.
    expect(pick(drill)).toEqual([
      { key: o1, label: 'Offer One', clicks: 2, spend: '0.29', revenue: '7.00' },
      { key: o2, label: 'Offer Two', clicks: 1, spend: '0.14', revenue: '0.00' },
    ]);
    expect(drill.totals).toMatchObject({ label: 'Campaign A', clicks: a.clicks, spend: a.spend, revenue: a.revenue, profit: a.profit, conversions: 1 });
  });

  test('a third level under a tracking variable splits the opened row again', async () => {
    const drill = await report(`groupBy=campaign&then=offer&then2=placement&parent=cmpA&parent2=${o1}`);
    expect(drill.groupBy).toBe('placement');
    // Each placement's click as the flat report splits it: 100 cents over (cmpA, it) 1 visit, (cmpA, the rest) 2,
    // (cmpB) 4: 14.29 → 14, the odd cent going to cmpA's other two (28.57, the largest remainder). Offer one
    // stays 29 cents, one more than its two children: the price of every row agreeing with its filter.
    expect(pick(drill)).toEqual([
      { key: 'p1', label: 'p1', clicks: 1, spend: '0.14', revenue: '7.00' },
      { key: 'p2', label: 'p2', clicks: 1, spend: '0.14', revenue: '0.00' },
    ]);
    expect(drill.totals).toMatchObject({ label: 'Offer One', clicks: 2, spend: '0.29' });
  });

  test('placement children: an Unknown child takes its parent\'s whole spend, three children split it by largest remainder', async () => {
    // cmpB's 57 cents over 4 visits with placement '' (Unknown): all 57 to the one child.
    const drill = await report('groupBy=campaign&then=placement&parent=cmpB');
    expect(pick(drill)).toEqual([{ key: '', label: 'Unknown', clicks: 4, spend: '0.57', revenue: '0.00' }]);
    // cmpA's three placements, one visit each: 14.29 → 14 cents each, as the flat report splits one click of cmpA.
    const a = await report('groupBy=campaign&then=placement&parent=cmpA');
    expect(a.rows.map((r) => [r.key, r.spend])).toEqual([['p1', '0.14'], ['p2', '0.14'], ['p3', '0.14']]);
    expect(a.totals.spend).toBe('0.43');
  });

  test("the 'Unknown' row opens with an empty parent, and campaign children carry exits", async () => {
    const drill = await report('groupBy=offer&then=campaign&parent=');
    expect(pick(drill)).toEqual([{ key: 'cmpB', label: 'Campaign B', clicks: 4, spend: '0.57', revenue: '0.00' }]);
    const withExits = await report(`groupBy=offer&then=campaign&parent=${o1}`);
    expect(withExits.rows[0]).toMatchObject({ key: 'cmpA', linkClicks: 2, exitClicks: 1, landerCtr: 0.5 });
    expect(withExits.totals).toMatchObject({ label: 'Offer One', linkClicks: 2, exitClicks: 1 });
  });

  test('filters hold inside the drill: an offer filter keeps only its clicks under the campaign', async () => {
    const drill = await report(`groupBy=campaign&then=placement&parent=cmpA&offer=${o2}`);
    expect(drill.rows.map((r) => [r.key, r.clicks])).toEqual([['p3', 1]]);
    const top = await report(`groupBy=campaign&offer=${o2}`);
    expect(drill.totals.spend).toBe(top.rows.find((r) => r.key === 'cmpA')!.spend);
  });

  test.each([
    ['groupBy=placement&then=adGroupName&then2=placement&parent=x', 'A report grouped by placement cannot be drilled down by placement'],
    ['groupBy=campaign&then=campaign&parent=cmpA', 'A report grouped by campaign cannot be drilled down by campaign'],
    ['groupBy=campaign&parent=cmpA', 'Each parent needs a grouping level below it (then, then2)'],
    ['groupBy=campaign&then2=offer', 'then2 needs then'],
    ['groupBy=campaign&then=offer&then2=lander&parent2=x', 'parent2 needs parent'],
    ['groupBy=campaign&then=sideways&parent=cmpA', /^then must be one of: campaign, spark/],
  ])('%s is a 400 with a message', async (query, message) => {
    const res = await h.call({ method: 'GET', url: `/api/reports?${RANGE}&${query}`, cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
