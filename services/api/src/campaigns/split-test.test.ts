// GET /api/campaigns/:id/split-test on real PGlite and chDB stores: the landers and offers of one of the campaign's
// paths as arms with the report's visits, conversions and revenue of the clicks that path took (a rule's, by the
// rule each click recorded, or the default path's), the verdict's statistics over them, and the range, metric
// and path checked.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, judgeSplitTest, schema } from '@tracker/core';
import type { CampaignFlow, SplitTestResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
let landers: number[];
let offers: number[];
const RANGE = 'startDate=2026-05-01&endDate=2026-05-03';

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  const db = h.entities.db;
  landers = (await db.insert(schema.landers).values(['Quiz', 'Story'].map((name) => ({ name, url: `https://l.example/${name}` }))).returning()).map((l) => l.id);
  offers = (await db.insert(schema.offers).values(['Keto', 'Slim'].map((name) => ({ name, url: `https://o.example/${name}` }))).returning()).map((o) => o.id);
  const flow = {
    rules: [],
    defaultPath: { landers: landers.map((landerId) => ({ landerId, weight: 50 })), offers: offers.map((offerId) => ({ offerId, weight: 50 })), autoOptimize: false },
    fallbackOfferId: null,
  };
  // Germans are split between both landers; everyone else goes to Story and Keto.
  const ruled: CampaignFlow = {
    rules: [{ name: 'DE', conditions: [{ field: 'country', op: 'in', values: ['DE'] }], path: flow.defaultPath }],
    defaultPath: { landers: [{ landerId: landers[1]!, weight: 1 }], offers: [{ offerId: offers[0]!, weight: 1 }], autoOptimize: false },
    fallbackOfferId: null,
  };
  await db.insert(schema.campaigns).values([
    { id: 'splitCamp001', name: 'Split', landerId: landers[0]!, offerId: offers[0]!, flow },
    { id: 'ruledCamp001', name: 'Ruled', landerId: landers[1]!, offerId: offers[0]!, flow: ruled },
  ]);
  // Quiz: 400 visits, 8 conversions; Story: 400 visits, 40 conversions. Offers split the same clicks 1:1.
  const clicks = [];
  const conversions = [];
  for (let i = 0; i < 800; i++) {
    const lander = i < 400 ? landers[0]! : landers[1]!;
    const offer = offers[Math.floor(i / 2) % 2]!;
    const at = `2026-05-0${1 + (i % 3)} 12:00:00.000`;
    clicks.push(clickRow(`k${i}`, at, { campaign_id: 'splitCamp001', lander_id: lander, offer_id: offer }));
    if ((i < 400 && i % 50 === 0) || (i >= 400 && i % 10 === 0)) conversions.push(conversionRow(`v${i}`, 1, `k${i}`, at, 'approved', i % 20 === 0 ? '30.00' : '10.00', { campaign_id: 'splitCamp001', lander_id: lander, offer_id: offer }));
  }
  // Ruled: 'DE' sent 100 clicks to Quiz (5 conversions at 20.00) and 100 to Story (1 at 8.00), half to each offer;
  // the default path sent 150 to Story and Keto (30 at 4.00): the report by lander mixes them, the paths must not.
  for (let i = 0; i < 350; i++) {
    const rule = i < 200 ? 'DE' : '';
    const lander = i < 100 ? landers[0]! : landers[1]!;
    const offer = rule === 'DE' ? offers[i % 2]! : offers[0]!;
    const at = `2026-05-02 0${i % 10}:00:00.000`;
    const d = { campaign_id: 'ruledCamp001', lander_id: lander, offer_id: offer, rule };
    clicks.push(clickRow(`r${i}`, at, d));
    const payout = i < 100 ? (i % 20 === 0 ? '20.00' : null) : i < 200 ? (i === 150 ? '8.00' : null) : i % 5 === 0 ? '4.00' : null;
    if (payout) conversions.push(conversionRow(`rv${i}`, 1, `r${i}`, at, 'approved', payout, d));
  }
  await insertClicks(h.analytics, clicks);
  await h.analytics.insert('conversions', conversions);
}, 60_000);
afterAll(() => h.close());

describe('GET /api/campaigns/:id/split-test', () => {
  test('the landers and offers of the path are arms with the report’s figures, and a clear lead is a winner', async () => {
    const res = await h.call({ method: 'GET', url: `/api/campaigns/splitCamp001/split-test?${RANGE}&metric=cr`, cookie: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json<SplitTestResponse>();
    expect(body.landers.arms.map((a) => [a.id, a.visits, a.conversions])).toEqual([
      [String(landers[0]), 400, 8],
      [String(landers[1]), 400, 40],
    ]);
    expect(body.landers.arms[1]!.value).toBeCloseTo(0.1, 10);
    expect(body.landers).toMatchObject({ status: 'winner', leaderId: String(landers[1]) });
    expect(body.landers.arms[1]!.probabilityToBeBest).toBeGreaterThan(0.99);
    // The offers got every other click of both landers: no difference to find.
    expect(body.offers.arms.map((a) => a.visits)).toEqual([400, 400]);
    expect(body.offers.status).toBe('leading');
    expect(body.offers.visitsNeeded).toBeGreaterThan(0);
  });

  test('revenue per visit reads the revenue, in cents a visit', async () => {
    const body = (await h.call({ method: 'GET', url: `/api/campaigns/splitCamp001/split-test?${RANGE}&metric=epv`, cookie: admin })).json<SplitTestResponse>();
    const story = body.landers.arms[1]!;
    expect(story.revenueCents).toBe(20 * 3000 + 20 * 1000);
    expect(story.value).toBeCloseTo(200, 6);
  });

  test("a rule's path is measured on the clicks that rule routed, and the default path on the rest", async () => {
    const arms = (v: SplitTestResponse['landers']) => v.arms.map((a) => [a.id, a.visits, a.conversions, a.revenueCents]);
    const de = (await h.call({ method: 'GET', url: `/api/campaigns/ruledCamp001/split-test?${RANGE}&path=DE`, cookie: admin })).json<SplitTestResponse>();
    expect(de.rule).toBe('DE');
    expect(arms(de.landers)).toEqual([
      [String(landers[0]), 100, 5, 5 * 2000],
      [String(landers[1]), 100, 1, 800],
    ]);
    expect(arms(de.offers)).toEqual([
      [String(offers[0]), 100, 6, 5 * 2000 + 800],
      [String(offers[1]), 100, 0, 0],
    ]);
    for (const query of ['', '&path=default', '&path=', '&path=none']) {
      const other = (await h.call({ method: 'GET', url: `/api/campaigns/ruledCamp001/split-test?${RANGE}${query}`, cookie: admin })).json<SplitTestResponse>();
      expect(other.rule).toBeNull();
      expect(arms(other.landers)).toEqual([[String(landers[1]), 150, 30, 30 * 400]]);
      expect(arms(other.offers)).toEqual([[String(offers[0]), 150, 30, 30 * 400]]);
    }
    // Rule names are unique in any case, so the path is found in any case.
    const lower = (await h.call({ method: 'GET', url: `/api/campaigns/ruledCamp001/split-test?${RANGE}&path=de`, cookie: admin })).json<SplitTestResponse>();
    expect([lower.rule, arms(lower.landers)]).toEqual(['DE', arms(de.landers)]);
  });

  test("revenue per visit spreads only the path's own payouts", async () => {
    const de = (await h.call({ method: 'GET', url: `/api/campaigns/ruledCamp001/split-test?${RANGE}&path=DE&metric=epv`, cookie: admin })).json<SplitTestResponse>();
    // What the verdict makes of the DE clicks alone: Quiz's 5 payouts of 2000 cents, Story's one of 800.
    const expected = judgeSplitTest(
      [
        { id: String(landers[0]), visits: 100, conversions: 5, revenueCents: 10_000, revenueSquaresCents: 5 * 2000 ** 2 },
        { id: String(landers[1]), visits: 100, conversions: 1, revenueCents: 800, revenueSquaresCents: 800 ** 2 },
      ],
      'epv',
    );
    expect(de.landers.arms.map((a) => a.interval)).toEqual(expected.arms.map((a) => a.interval));
  });

  test('a path that names no rule of the flow is a 404 saying so', async () => {
    const res = await h.call({ method: 'GET', url: `/api/campaigns/ruledCamp001/split-test?${RANGE}&path=FR`, cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe("This campaign's flow has no rule named 'FR'");
  });

  test.each([
    ['metric=ctr', 'metric must be cr or epv'],
    ['startDate=2026-05-03&endDate=2026-05-01', ''],
  ])('%s is a 400', async (q, message) => {
    const res = await h.call({ method: 'GET', url: `/api/campaigns/splitCamp001/split-test?${q.startsWith('metric') ? `${RANGE}&${q}` : q}`, cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  test('an unknown campaign is a 404, and a user without the campaigns feature is refused', async () => {
    expect((await h.call({ method: 'GET', url: `/api/campaigns/nope/split-test?${RANGE}`, cookie: admin })).statusCode).toBe(404);
    const user = await h.signIn('user', ['landers']);
    expect((await h.call({ method: 'GET', url: `/api/campaigns/splitCamp001/split-test?${RANGE}`, cookie: user })).statusCode).toBe(403);
  });
});
