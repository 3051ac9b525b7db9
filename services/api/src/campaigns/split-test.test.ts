// GET /api/campaigns/:id/split-test on real PGlite and chDB stores: the campaign's landers and offers as arms with
// the report's visits, conversions and revenue, the verdict's statistics over them, a 409 for a campaign whose
// rules split its traffic, and the range and metric checked.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, schema } from '@tracker/core';
import type { SplitTestResponse } from '@tracker/schemas';
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
  await db.insert(schema.campaigns).values([
    { id: 'splitCamp001', name: 'Split', landerId: landers[0]!, offerId: offers[0]!, flow },
    { id: 'ruledCamp001', name: 'Ruled', landerId: landers[0]!, offerId: offers[0]!, flow: { ...flow, rules: [{ name: 'DE', conditions: [{ field: 'country', op: 'in', values: ['DE'] }], path: flow.defaultPath }] } },
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

  test('a campaign whose rules split its traffic is a 409 saying why', async () => {
    const res = await h.call({ method: 'GET', url: `/api/campaigns/ruledCamp001/split-test?${RANGE}`, cookie: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('routes by rules');
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
