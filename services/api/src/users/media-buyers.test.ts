// Media buyers through HTTP on real embedded stores: admins assign sparks and CAKE
// subid1 values; the Media Buyer grouping names the buyer; and a user with assignments sees only their
// own clicks, conversions, spend and CAKE rows in every report endpoint, while one without sees the team's.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import type { CakeStatsRow, CampaignClickSummary, ClickLogResponse, ClickLogSummary, ConversionLogResponse, OfferPerformanceRow, ReportResponse, SpendRow } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
let sparkOne = 0;
let sparkTwo = 0;

const RANGE = 'startDate=2026-05-01&endDate=2026-05-02';
const get = <T>(url: string, cookie: string) => h.call({ method: 'GET', url, cookie }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
const post = (url: string, payload: unknown, cookie = admin) =>
  h.call({ method: 'POST', url, cookie, payload: payload as object, headers: { origin: 'http://localhost:80' } });
const userIdOf = async (cookie: string) => (await get<{ id: number }>('/api/user', cookie)).body.id;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'Quiz', url: 'https://l.example' }).returning();
  const sparks = await db
    .insert(schema.sparks)
    .values([
      { name: 'Spark One', code: 'x', sparkId: 'spk-one' },
      { name: 'Spark Two', code: 'x', sparkId: 'spk-two' },
    ])
    .returning();
  sparkOne = sparks[0]!.id;
  sparkTwo = sparks[1]!.id;
  await db.insert(schema.campaigns).values([
    { id: 'cmpOne', name: 'Mine', landerId: lander!.id, sparkId: sparkOne },
    { id: 'cmpTwo', name: 'Theirs', landerId: lander!.id, sparkId: sparkTwo },
  ]);
  const one = { campaign_id: 'cmpOne', spark_id: 'spk-one', tiktok_campaign_id: 'tt-one' };
  const two = { campaign_id: 'cmpTwo', spark_id: 'spk-two', tiktok_campaign_id: 'tt-two' };
  await insertClicks(h.analytics, [
    clickRow('k1', '2026-05-01 10:00:00.000', one),
    clickRow('k2', '2026-05-01 11:00:00.000', one),
    clickRow('k3', '2026-05-01 12:00:00.000', two),
    clickRow('k4', '2026-05-02 12:00:00.000', two),
    clickRow('k5', '2026-05-02 13:00:00.000', { campaign_id: 'cmpTwo', tiktok_campaign_id: 'tt-two' }),
  ]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'k1', '2026-05-01 10:00:00.000', 'approved', '10.00', one),
    conversionRow('v3', 1, 'k3', '2026-05-01 12:00:00.000', 'approved', '30.00', two),
  ]);
  await db.insert(schema.conversionRevisions).values([
    { eventId: 'v1', transactionId: 't1', rows: [], clickId: 'k1', status: 'approved', payout: '10.00', receivedAt: new Date('2026-05-01T10:05:00Z'), outcome: 'new', attributed: true, campaignId: 'cmpOne', source: 'postback' },
    { eventId: 'v3', transactionId: 't3', rows: [], clickId: 'k3', status: 'approved', payout: '30.00', receivedAt: new Date('2026-05-01T12:05:00Z'), outcome: 'new', attributed: true, campaignId: 'cmpTwo', source: 'postback' },
  ]);
  await recordSpend(db, h.analytics, [
    { date: '2026-05-01', tiktokCampaignId: 'tt-one', campaignName: 'One', spend: '8.00' },
    { date: '2026-05-01', tiktokCampaignId: 'tt-two', campaignName: 'Two', spend: '9.00' },
    { date: '2026-05-02', tiktokCampaignId: 'tt-none', campaignName: 'Nobody', spend: '5.00' },
  ]);
  await db.insert(schema.cakeStats).values([
    { date: '2026-05-01', offerId: '77', offerName: 'Net', subid1: 'mia', subid2: 'k1', clicks: 3, conversions: 1, revenue: '10.00' },
    { date: '2026-05-01', offerId: '77', offerName: 'Net', subid1: 'other', subid2: 'k3', clicks: 4, conversions: 1, revenue: '30.00' },
  ]);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('spark and subid1 assignments', () => {
  test('an admin replaces a user\'s sparks and subid1 values and reads them back; bad input is a 400 that changes nothing', async () => {
    const buyer = await h.signIn('user', ['dashboard']);
    const id = await userIdOf(buyer);
    const set = await post(`/api/users/${id}/spark-assignments`, { sparkIds: [sparkOne, sparkOne] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual([{ sparkId: sparkOne, name: 'Spark One', publicId: 'spk-one' }]);
    expect((await post(`/api/users/${id}/spark-assignments`, { sparkIds: [999_999] })).json()).toEqual({ message: 'Unknown spark id: 999999' });
    expect((await post(`/api/users/${id}/spark-assignments`, { sparkIds: 'x' })).statusCode).toBe(400);
    expect((await get(`/api/users/${id}/spark-assignments`, admin)).body).toEqual([{ sparkId: sparkOne, name: 'Spark One', publicId: 'spk-one' }]);

    expect((await post(`/api/users/${id}/subid1-assignments`, { subid1s: [' mia ', '', 'mia', 'zoe'] })).json()).toEqual([{ subid1: 'mia' }, { subid1: 'zoe' }]);
    expect((await post(`/api/users/${id}/subid1-assignments`, { subid1s: [] })).json()).toEqual([]);
    expect((await get(`/api/users/${id}/subid1-assignments`, admin)).body).toEqual([]);
    expect((await get('/api/users/999999/spark-assignments', admin)).status).toBe(404);
    // Admin only.
    expect((await get(`/api/users/${id}/spark-assignments`, buyer)).status).toBe(403);
    expect((await post(`/api/users/${id}/spark-assignments`, { sparkIds: [] }, buyer)).statusCode).toBe(403);
    expect((await post(`/api/users/${id}/spark-assignments`, { sparkIds: [] })).json()).toEqual([]);
  });

  test('the Media Buyer grouping names the buyer of a spark\'s clicks; clicks no assignment covers are Unknown', async () => {
    const buyer = await h.signIn('user');
    const id = await userIdOf(buyer);
    const { body: user } = await get<{ username: string }>('/api/user', buyer);
    await post(`/api/users/${id}/spark-assignments`, { sparkIds: [sparkTwo] });
    const report = (await get<ReportResponse>(`/api/reports?groupBy=mediabuyer&${RANGE}`, admin)).body;
    const rows = Object.fromEntries(report.rows.map((r) => [r.label, r.clicks]));
    expect(rows[user.username]).toBe(2);
    expect(rows.Unknown).toBe(3);
    const filtered = (await get<ReportResponse>(`/api/reports?groupBy=campaign&mediaBuyer=${encodeURIComponent(user.username)}&${RANGE}`, admin)).body;
    expect(filtered.totals.clicks).toBe(2);
    await post(`/api/users/${id}/spark-assignments`, { sparkIds: [] });
  });
});

describe('a media buyer sees only their own data', () => {
  let buyer = '';
  let lead = '';

  beforeAll(async () => {
    buyer = await h.signIn('user', ['dashboard', 'clicks', 'performance']);
    lead = await h.signIn('user', ['dashboard', 'clicks', 'performance']);
    const id = await userIdOf(buyer);
    await post(`/api/users/${id}/spark-assignments`, { sparkIds: [sparkOne] });
    await post(`/api/users/${id}/subid1-assignments`, { subid1s: ['mia'] });
  });

  test("reports: their clicks, conversions and allocated spend only, no 'No click' row; a user without assignments sees the team", async () => {
    const mine = (await get<ReportResponse>(`/api/reports?groupBy=campaign&${RANGE}`, buyer)).body;
    expect(mine.rows.map((r) => r.key)).toEqual(['cmpOne']);
    expect(mine.totals).toMatchObject({ clicks: 2, conversions: 1, revenue: '10.00', spend: '8.00' });
    const drill = (await get<ReportResponse>(`/api/reports?groupBy=campaign&then=spark&parent=cmpTwo&${RANGE}`, buyer)).body;
    expect(drill.rows).toEqual([]);
    const team = (await get<ReportResponse>(`/api/reports?groupBy=campaign&${RANGE}`, lead)).body;
    expect(team.totals).toMatchObject({ clicks: 5, conversions: 2, revenue: '40.00', spend: '22.00' });
  });

  test('Click Log, its CSV, clicks by campaign, Conversions log: their clicks only', async () => {
    const log = (await get<ClickLogResponse>(`/api/clicks?${RANGE}`, buyer)).body;
    expect(log.rows.map((r) => r.clickId).sort()).toEqual(['k1', 'k2']);
    expect(log.summary).toMatchObject({ totalClicks: 2, convertedClicks: 1 });
    // The cards alone, as the Click Log asks for them: the same scope.
    expect((await get<ClickLogSummary>(`/api/clicks/summary?${RANGE}`, buyer)).body).toEqual(log.summary);
    expect((await get<ClickLogSummary>(`/api/clicks/summary?${RANGE}`, lead)).body).toMatchObject({ totalClicks: 5 });
    const csv = await h.call({ method: 'GET', url: `/api/clicks/export.csv?${RANGE}`, cookie: buyer });
    expect(csv.body).toContain('k1');
    expect(csv.body).not.toContain('k3');
    const byCampaign = (await get<CampaignClickSummary[]>(`/api/clicks/by-campaign?${RANGE}`, buyer)).body;
    expect(byCampaign.map((c) => [c.campaignId, c.totalClicks])).toEqual([['cmpOne', 2]]);
    const conversions = (await get<ConversionLogResponse>('/api/conversions?startDate=2026-05-01&endDate=2026-05-02', buyer)).body;
    expect(conversions.rows.map((r) => r.transactionId)).toEqual(['t1']);
    const teamConversions = (await get<ConversionLogResponse>('/api/conversions?startDate=2026-05-01&endDate=2026-05-02', lead)).body;
    expect(teamConversions.rows.map((r) => r.transactionId).sort()).toEqual(['t1', 't3']);
  });

  test('Offers, CAKE stats and spend rows: their sparks\' and subid1\'s only', async () => {
    const offers = (await get<OfferPerformanceRow[]>(`/api/cake/offers?${RANGE}`, buyer)).body;
    expect(offers.filter((o) => o.source === 'tracker').reduce((s, o) => s + o.visits!, 0)).toBe(2);
    expect(offers.filter((o) => o.source === 'cake').map((o) => [o.offerId, o.revenue])).toEqual([['77', '10.00']]);
    const stats = (await get<CakeStatsRow[]>(`/api/cake/stats?${RANGE}`, buyer)).body;
    expect(stats.map((s) => s.subid1)).toEqual(['mia']);
    expect((await get<CakeStatsRow[]>(`/api/cake/stats?${RANGE}`, lead)).body).toHaveLength(2);
    const spend = (await get<SpendRow[]>(`/api/tiktok/spend?${RANGE}`, buyer)).body;
    expect(spend.map((s) => s.tiktokCampaignId)).toEqual(['tt-one']);
    expect((await get<SpendRow[]>(`/api/tiktok/spend?${RANGE}`, lead)).body).toHaveLength(3);
  });
});
