// Every /api route a media buyer can reach, walked as two buyers A and B with every feature, each assigned
// their own spark, subid1 and card: a read as A never shows B's data (clicks, conversions, spend, audience
// values, CAKE rows, cards, sparks), and a write as A never reaches B's rows (404, B's row unchanged).
// A route nobody classified fails the first test, so a new route cannot escape the walk.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import { FEATURES } from '@tracker/schemas';
import type { Access } from './auth/access';
import { createApiHarness, type ApiHarness } from './testing/api-harness';
import { listApiRoutes } from './testing/api-routes';
import { clickRow, conversionRow, exitRow } from './testing/fact-rows';

let h: ApiHarness;
const cookie = { A: '', B: '' };
const spark = { A: 0, B: 0 };
/** What only B's data holds: none of it may appear in any answer to A. */
const B_MARKS = ['spk_walkB', 'walk-b-ad', 'walk-b-placement', 'tx-walk-b1', 'walk-b-offer', 'Card B', 'walk-b-merchant', 'sub-walk-b', 'Spark of B', 'NZ', 'New Zealand'];
const RANGE = { startDate: '2026-06-01', endDate: '2026-06-02' };
const routes: Array<{ key: string; access: Access }> = [];

type Probe =
  /** A read: A's answer carries none of B's marks (and `mine`, when given, proves it reached A's data). */
  | { read: () => InjectOptions; mine?: string; echoes?: string }
  /** A write aimed at B's row: refused with this status, and B's row is as it was. */
  | { writeToB: () => InjectOptions; status: number }
  /** Not a buyer's data: why the route needs no scope. */
  | { unscoped: string };

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const report = (params: Record<string, string>): InjectOptions => ({ method: 'GET', url: `/api/reports?${query({ ...RANGE, ...params })}` });
const AUTOMATION =
  "automation acts on whole TikTok ad accounts, so its permission is granted for the team's accounts, not a buyer's sparks (docs/automation.md, 'Who may')";
const SHARED_CATALOGUE = "the team's shared catalogue (spec §6: offers, landers, campaigns and pixels are the team's, not a buyer's)";

/** Every route a signed-in user who is not an admin can reach, classified. */
const PROBES: Record<string, Probe[]> = {
  'GET /api/reports': [
    { read: () => report({ groupBy: 'campaign' }), mine: 'cmpWalkA' },
    { read: () => report({ groupBy: 'spark' }), mine: 'spk_walkA' },
    { read: () => report({ groupBy: 'country' }), mine: 'US' },
    { read: () => report({ groupBy: 'creativeName' }), mine: 'walk-a-ad' },
    { read: () => report({ groupBy: 'campaign', then: 'placement', parent: 'cmpWalkB' }) },
    { read: () => report({ groupBy: 'spark', then: 'campaign', parent: 'spk_walkB' }), echoes: 'spk_walkB' },
  ],
  // Numbers only (its figures are checked below): the walk proves it answers A and names nothing of B's.
  'GET /api/reports/series': [{ read: () => ({ method: 'GET', url: `/api/reports/series?${query({ ...RANGE, groupBy: 'spark' })}` }) }],
  'GET /api/reports/totals': [{ read: () => ({ method: 'GET', url: `/api/reports/totals?${query({ ...RANGE, groupBy: 'spark' })}` }) }],
  'GET /api/reports/audience': [{ read: () => ({ method: 'GET', url: `/api/reports/audience?${query(RANGE)}` }), mine: 'US' }],
  'GET /api/clicks': [{ read: () => ({ method: 'GET', url: `/api/clicks?${query(RANGE)}` }), mine: 'walk-a-ad' }],
  'GET /api/clicks/export.csv': [{ read: () => ({ method: 'GET', url: `/api/clicks/export.csv?${query(RANGE)}` }), mine: 'walk-a-ad' }],
  // Numbers only (the scoped cards' figures are checked in media-buyers.test.ts).
  'GET /api/clicks/summary': [{ read: () => ({ method: 'GET', url: `/api/clicks/summary?${query(RANGE)}` }) }],
  'GET /api/clicks/by-campaign': [{ read: () => ({ method: 'GET', url: `/api/clicks/by-campaign?${query(RANGE)}` }), mine: 'cmpWalkA' }],
  'GET /api/conversions': [{ read: () => ({ method: 'GET', url: `/api/conversions?${query(RANGE)}` }), mine: 'tx-walk-a1' }],
  'GET /api/cake/stats': [{ read: () => ({ method: 'GET', url: `/api/cake/stats?${query(RANGE)}` }), mine: 'walk-a-offer' }],
  'GET /api/cake/offers': [{ read: () => ({ method: 'GET', url: `/api/cake/offers?${query(RANGE)}` }), mine: 'walk-a-offer' }],
  'GET /api/tiktok/spend': [{ read: () => ({ method: 'GET', url: `/api/tiktok/spend?${query(RANGE)}` }) }],
  'GET /api/sparks': [{ read: () => ({ method: 'GET', url: '/api/sparks' }), mine: 'spk_walkA' }],
  'PATCH /api/sparks/:id': [{ writeToB: () => ({ method: 'PATCH', url: `/api/sparks/${spark.B}`, payload: { name: 'Taken by A', code: 'x' } }), status: 404 }],
  'DELETE /api/sparks/:id': [{ writeToB: () => ({ method: 'DELETE', url: `/api/sparks/${spark.B}` }), status: 404 }],
  'POST /api/sparks': [{ unscoped: 'creates a new spark, which is assigned to its creator (tested below)' }],
  'GET /api/transactions': [{ read: () => ({ method: 'GET', url: '/api/transactions' }), mine: 'walk-a-merchant' }],
  'GET /api/transactions/summary': [{ read: () => ({ method: 'GET', url: `/api/transactions/summary?${query(RANGE)}` }), mine: 'Card A' }],
  'GET /api/transactions/vcns': [{ read: () => ({ method: 'GET', url: '/api/transactions/vcns' }), mine: 'Card A' }],
  'GET /api/offers': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/fx-rates/latest': [{ unscoped: "the ECB's public reference rates (and the admins' manual ones), the same for every user" }],
  'GET /api/landers': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/campaigns': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/campaigns/:id/flow': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/campaigns/:id/flow/history': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/campaigns/:id/split-test': [{ read: () => ({ method: 'GET', url: `/api/campaigns/cmpWalkA/split-test?${query({ ...RANGE, metric: 'epv' })}` }) }],
  'GET /api/tiktok-pixels': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/rules/options': [{ unscoped: AUTOMATION }],
  'GET /api/rules': [{ unscoped: AUTOMATION }],
  'POST /api/rules': [{ unscoped: AUTOMATION }],
  'GET /api/rules/:id': [{ unscoped: AUTOMATION }],
  'PATCH /api/rules/:id': [{ unscoped: AUTOMATION }],
  'DELETE /api/rules/:id': [{ unscoped: AUTOMATION }],
  'POST /api/rules/:id/run': [{ unscoped: AUTOMATION }],
  'GET /api/rules/:id/log': [{ unscoped: AUTOMATION }],
  'POST /api/rules/:id/replay': [{ unscoped: AUTOMATION }],
  'GET /api/automation/log': [{ unscoped: AUTOMATION }],
  'POST /api/tiktok-pixels/:id/fire-event': [{ unscoped: SHARED_CATALOGUE }],
  'GET /api/codes': [{ unscoped: 'verification codes are the whole team\'s (spec: Codes shows for every signed-in user)' }],
  'GET /api/user': [{ unscoped: 'the caller themself' }],
  'GET /api/user/preferences': [{ unscoped: "the caller's own column choices" }],
  'POST /api/user/preferences': [{ unscoped: "the caller's own column choices" }],
  'POST /api/user/password': [{ unscoped: "the caller's own password" }],
  'GET /api/tiktok/spend/freshness': [{ unscoped: 'when spend was last synced, no figures' }],
  'GET /api/*': [{ unscoped: 'the JSON 404 for unknown API paths' }],
};

async function seed(): Promise<void> {
  const db = h.entities.db;
  const [sparkA, sparkB] = await db
    .insert(schema.sparks)
    .values([
      { name: 'Spark of A', code: 'a', sparkId: 'spk_walkA' },
      { name: 'Spark of B', code: 'b', sparkId: 'spk_walkB' },
    ])
    .returning();
  spark.A = sparkA!.id;
  spark.B = sparkB!.id;
  await db.insert(schema.campaigns).values([
    { id: 'cmpWalkA', name: 'Campaign of A', sparkId: spark.A },
    { id: 'cmpWalkB', name: 'Campaign of B', sparkId: spark.B },
  ]);
  for (const [who, sparkId] of [['A', spark.A], ['B', spark.B]] as const) {
    const userId = (await h.call({ method: 'GET', url: '/api/user', cookie: cookie[who] })).json<{ id: number }>().id;
    const lower = who.toLowerCase();
    await db.insert(schema.userSparkAssignments).values({ userId, sparkId });
    await db.insert(schema.userSubid1Assignments).values({ userId, subid1: `sub-walk-${lower}` });
    await db.insert(schema.userVcnAssignments).values({ userId, vcnNickname: `Card ${who}` });
    await db.insert(schema.cakeStats).values({ date: '2026-06-01', offerId: `7${who === 'A' ? 1 : 2}`, offerName: `walk-${lower}-offer`, subid1: `sub-walk-${lower}`, subid2: `walk-${lower}1`, clicks: 2, conversions: 1, revenue: '4.00' });
    await db.insert(schema.transactions).values({
      status: 'CLEARED', authBillingAmount: '12.00', merchantName: `walk-${lower}-merchant`, vcnNickname: `Card ${who}`, vcnLast4: who === 'A' ? '1111' : '2222',
      transactionDate: new Date('2026-06-01T12:00:00Z'), identityKey: `ref:walk-${lower}`,
    });
    await db.insert(schema.transactionDayTotals).values({ vcnNickname: `Card ${who}`, status: 'CLEARED', day: '2026-06-01', transactions: 1, amount: '12.00' });
  }
  const a = { campaign_id: 'cmpWalkA', spark_id: 'spk_walkA', country: 'US', creative_name: 'walk-a-ad', placement: 'walk-a-placement', tiktok_campaign_id: 'tt-walk' };
  const b = { campaign_id: 'cmpWalkB', spark_id: 'spk_walkB', country: 'NZ', creative_name: 'walk-b-ad', placement: 'walk-b-placement', tiktok_campaign_id: 'tt-walk' };
  await insertClicks(h.analytics, [clickRow('walk-a1', '2026-06-01 10:00:00.000', a), clickRow('walk-b1', '2026-06-01 10:05:00.000', b)]);
  await h.analytics.insert('exits', [exitRow('e-walk-a1', 'walk-a1', '2026-06-01 10:00:00.000', '2026-06-01 10:00:10.000', a), exitRow('e-walk-b1', 'walk-b1', '2026-06-01 10:05:00.000', '2026-06-01 10:05:10.000', b)]);
  await h.analytics.insert('conversions', [
    conversionRow('c-walk-a1', 1, 'walk-a1', '2026-06-01 10:00:00.000', 'approved', '4.00', a),
    conversionRow('c-walk-b1', 1, 'walk-b1', '2026-06-01 10:05:00.000', 'approved', '4.00', b),
  ]);
  await db.insert(schema.conversionRevisions).values(
    (['a', 'b'] as const).map((who) => ({
      eventId: `c-walk-${who}1`, transactionId: `tx-walk-${who}1`, rows: [], clickId: `walk-${who}1`, status: 'approved' as const, payout: '4.00',
      receivedAt: new Date('2026-06-01T10:10:00Z'), outcome: 'new' as const, attributed: true, campaignId: `cmpWalk${who.toUpperCase()}`, source: 'postback',
    })),
  );
  await recordSpend(h.entities.db, h.analytics, [{ date: '2026-06-01', tiktokCampaignId: 'tt-walk', spend: '2.00' }]);
}

beforeAll(async () => {
  h = await createApiHarness();
  cookie.A = await h.signIn('user', [...FEATURES]);
  cookie.B = await h.signIn('user', [...FEATURES]);
  await seed();

  routes.push(...(await listApiRoutes(h)).map((r) => ({ key: `${r.method} ${r.url}`, access: r.access })));
}, 120_000);
afterAll(() => h.close());

test('every route a non-admin can reach is walked or says why it needs no scope', () => {
  const reachable = routes.filter((r) => r.access !== 'admin' && r.access !== 'public').map((r) => r.key);
  expect(reachable.length).toBeGreaterThan(20);
  expect(reachable.filter((key) => !PROBES[key])).toEqual([]);
  // A classification for a route that is gone (or turned admin-only) is stale.
  expect(Object.keys(PROBES).filter((key) => !reachable.includes(key))).toEqual([]);
});

describe.each(Object.entries(PROBES).filter(([, probes]) => probes.some((p) => !('unscoped' in p))))('%s as buyer A', (route, probes) => {
  test.each(probes.filter((p) => !('unscoped' in p)).map((p, i) => [i, p] as const))('probe %i', async (_i, probe) => {
    if ('read' in probe) {
      const res = await h.call({ ...probe.read(), cookie: cookie.A });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 200 });
      // A drill-down names the row it opens, as asked: that key is the caller's own words, not B's data.
      expect(B_MARKS.filter((mark) => mark !== probe.echoes && res.body.includes(mark))).toEqual([]);
      if (probe.mine) expect(res.body).toContain(probe.mine);
      return;
    }
    if (!('writeToB' in probe)) throw new Error('unscoped routes are not walked');
    const before = await h.entities.db.select().from(schema.sparks).where(eq(schema.sparks.id, spark.B));
    const res = await h.call({ ...probe.writeToB(), cookie: cookie.A });
    expect({ route, status: res.statusCode }).toEqual({ route, status: probe.status });
    expect(await h.entities.db.select().from(schema.sparks).where(eq(schema.sparks.id, spark.B))).toEqual(before);
  });
});

test("B's own reads show B's marks, so the walk above looks for data that is there", async () => {
  const bodies = await Promise.all(
    Object.values(PROBES)
      .flat()
      .flatMap((p) => ('read' in p ? [p.read()] : []))
      .map(async (request) => (await h.call({ ...request, cookie: cookie.B })).body),
  );
  const seen = B_MARKS.filter((mark) => bodies.some((body) => body.includes(mark)));
  expect(seen.sort()).toEqual([...B_MARKS].sort());
});

test("a buyer's report series counts their own visits and spend only, as their report's totals do; the totals alone are left to it", async () => {
  for (const who of ['A', 'B'] as const) {
    for (const range of [RANGE, { startDate: '2026-06-01', endDate: '2026-06-01' }]) {
      const url = (path: string) => `${path}?${query({ ...range, groupBy: 'campaign' })}`;
      const { totals } = (await h.call({ method: 'GET', url: url('/api/reports'), cookie: cookie[who] })).json<{ totals: { clicks: number; spend: string } }>();
      const { series } = (await h.call({ method: 'GET', url: url('/api/reports/series'), cookie: cookie[who] })).json<{ series: Array<{ visits: number; spend: string }> }>();
      expect(totals.clicks).toBe(1);
      expect(series.reduce((sum, point) => sum + point.visits, 0)).toBe(totals.clicks);
      expect(series.reduce((sum, point) => sum + Math.round(Number(point.spend) * 100), 0)).toBe(Math.round(Number(totals.spend) * 100));
      // Their totals are their rows' split spend added up: the totals alone leave them to the report.
      const alone = (await h.call({ method: 'GET', url: url('/api/reports/totals'), cookie: cookie[who] })).json<{ totals: unknown }>();
      expect(alone.totals).toBeNull();
    }
  }
});

test('a spark a buyer creates is theirs: listed for them, not for the other buyer, and theirs to rename', async () => {
  const created = await h.call({ method: 'POST', url: '/api/sparks', cookie: cookie.A, payload: { name: 'New of A', code: 'n' } });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<{ id: number }>();
  const names = async (who: 'A' | 'B') => (await h.call({ method: 'GET', url: '/api/sparks', cookie: cookie[who] })).json<Array<{ name: string }>>().map((s) => s.name);
  expect(await names('A')).toEqual(['New of A', 'Spark of A']);
  expect(await names('B')).toEqual(['Spark of B']);
  expect((await h.call({ method: 'PATCH', url: `/api/sparks/${id}`, cookie: cookie.A, payload: { name: 'Renamed by A' } })).statusCode).toBe(200);
  expect((await h.call({ method: 'PATCH', url: `/api/sparks/${id}`, cookie: cookie.B, payload: { name: 'Taken by B' } })).statusCode).toBe(404);
  expect((await h.call({ method: 'DELETE', url: `/api/sparks/${id}`, cookie: cookie.B })).statusCode).toBe(404);
  expect((await h.call({ method: 'DELETE', url: `/api/sparks/${id}`, cookie: cookie.A })).statusCode).toBe(204);
});
