// The reporting routes through HTTP on real embedded stores (PGlite, chDB): who may call them, what
// a bad query answers, and the figures on a small hand-made set of facts. The full pipeline against
// an oracle is reports.property.test.ts; the Click Log's pages are click-log.test.ts.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import { FEATURES, NO_CLICK_KEY, type Feature, type ReportResponse, type SpendRow } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
let offerId = 0;
let sparkPublicId = '';

/** A spend row recorded without conversion evidence (as before conversion existed). */
const NOT_CONVERTED = { originalSpend: null, originalCurrency: null, spendCurrency: null, fxRate: null, fxRateDay: null, fxRateSource: null, fxPending: false };

const get = (url: string, cookie = admin) => h.call({ method: 'GET', url, cookie });

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  const db = h.entities.db;
  const [offer] = await db.insert(schema.offers).values({ name: 'Alpha', url: 'https://o.example/a' }).returning();
  offerId = offer!.id;
  const [lander] = await db.insert(schema.landers).values({ name: 'Quiz', url: 'https://l.example' }).returning();
  await db.insert(schema.campaigns).values([
    { id: 'cmpA', name: 'Campaign A', landerId: lander!.id, offerId },
    { id: 'cmpB', name: 'Campaign B', landerId: lander!.id },
  ]);
  const [spark] = await db.insert(schema.sparks).values({ name: 'Spark One', code: 'x', sparkId: 'spk-1' }).returning();
  sparkPublicId = spark!.sparkId;
  const [buyer] = await db.insert(schema.users).values({ username: 'mia', password: 'x' }).returning();
  await db.insert(schema.userSparkAssignments).values({ userId: buyer!.id, sparkId: spark!.id });

  const a = { offer_id: offerId, spark_id: 'spk-1', tiktok_campaign_id: 'tt-1', placement: 'TikTok' };
  await insertClicks(h.analytics, [
    clickRow('c1', '2026-04-01 10:00:00.000', a),
    clickRow('c2', '2026-04-01 11:00:00.000', a, 'link-preview'),
    clickRow('c3', '2026-04-01 12:00:00.000', a),
    clickRow('c4', '2026-04-02 09:00:00.000', { campaign_id: 'cmpB', tiktok_campaign_id: 'tt-1' }),
    clickRow('c5', '2026-04-03 23:59:59.999', { campaign_id: 'gone' }),
  ]);
  await h.analytics.insert('exits', [
    exitRow('e1', 'c1', '2026-04-01 10:00:00.000', '2026-04-01 10:01:00.000', a),
    exitRow('e2', 'c1', '2026-04-01 10:00:00.000', '2026-04-01 10:02:00.000', a),
    exitRow('e3', 'c3', '2026-04-01 12:00:00.000', '2026-04-01 12:00:30.000', a),
  ]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'c1', '2026-04-01 10:00:00.000', 'approved', '12.50', a),
    conversionRow('v2', 1, 'c3', '2026-04-01 12:00:00.000', 'pending', '3.00', a),
    // c3's conversion became approved at 4.25.
    conversionRow('v3', -1, 'c3', '2026-04-01 12:00:00.000', 'pending', '3.00', a),
    conversionRow('v3', 1, 'c3', '2026-04-01 12:00:00.000', 'approved', '4.25', a),
    // A conversion whose click never came: empty dimensions.
    conversionRow('v4', 1, 'ghost', '2026-04-02 08:00:00.000', 'approved', '1.00', { campaign_id: '' }),
    // Not approved: their own columns, never revenue.
    conversionRow('v5', 1, 'c2', '2026-04-01 11:00:00.000', 'rejected', '2.00', a),
    conversionRow('v6', 1, 'c4', '2026-04-02 09:00:00.000', 'pending', '6.00', { campaign_id: 'cmpB', tiktok_campaign_id: 'tt-1' }),
    conversionRow('v7', 1, 'ghost-2', '2026-04-03 08:00:00.000', 'pending', '0.50', { campaign_id: '' }),
  ]);
  await recordSpend(db, h.analytics, [
    { date: '2026-04-01', tiktokCampaignId: 'tt-1', spend: '9.99', campaignName: 'TT one' },
    { date: '2026-04-02', tiktokCampaignId: 'tt-1', spend: '5.00' },
    { date: '2026-04-02', tiktokCampaignId: 'tt-7', spend: '2.01' },
  ]);
});
afterAll(() => h.close());

describe('access', () => {
  const range = 'startDate=2026-04-01&endDate=2026-04-03';
  const route = (path: string) => ({ route: `GET ${path}`, request: () => ({ method: 'GET' as const, url: `${path}?${range}` }), statuses: [401, 403, 200, 200] as const });
  /** The features that open each route (admins pass everywhere). */
  const opens: Record<string, Feature[]> = {
    '/api/reports': ['dashboard'],
    '/api/reports/series': ['dashboard'],
    '/api/reports/totals': ['dashboard'],
    '/api/tiktok/spend': ['dashboard'],
    '/api/clicks': ['clicks'],
    '/api/clicks/summary': ['clicks'],
    '/api/clicks/by-campaign': ['dashboard', 'clicks'],
    '/api/cake/stats': ['dashboard', 'clicks'],
    '/api/cake/offers': ['performance', 'offers'],
  };
  const suites: Array<{ feature: Feature; routes: string[] }> = [
    { feature: 'dashboard', routes: ['/api/reports', '/api/reports/series', '/api/reports/totals', '/api/tiktok/spend', '/api/clicks/by-campaign', '/api/cake/stats'] },
    { feature: 'clicks', routes: ['/api/clicks', '/api/clicks/summary', '/api/clicks/by-campaign', '/api/cake/stats'] },
    { feature: 'performance', routes: ['/api/cake/offers'] },
    { feature: 'offers', routes: ['/api/cake/offers'] },
  ];
  for (const suite of suites) {
    describe(`with the ${suite.feature} feature`, () => {
      let cookies: CallerCookies;
      beforeAll(async () => {
        // "Without the feature": every feature that opens none of these routes.
        const without = FEATURES.filter((f) => !suite.routes.some((r) => opens[r]!.includes(f)));
        cookies = await signInCallers(h, { with: [suite.feature], without });
      });
      test.each(accessTable(suite.routes.map(route)))('%s as %s → %i', async (_r, caller, status, c) => {
        await expectAccess(h, cookies, caller, status, c);
      });
    });
  }

  test('/api/reports and /api/tiktok/spend need the dashboard feature, /api/clicks the clicks feature', async () => {
    const clicksOnly = await h.signIn('user', ['clicks']);
    const dashboardOnly = await h.signIn('user', ['dashboard']);
    expect((await get(`/api/reports?${range}`, clicksOnly)).statusCode).toBe(403);
    expect((await get(`/api/tiktok/spend?${range}`, clicksOnly)).statusCode).toBe(403);
    expect((await get(`/api/clicks?${range}`, dashboardOnly)).statusCode).toBe(403);
    expect((await get(`/api/cake/offers?${range}`, dashboardOnly)).statusCode).toBe(403);
  });
});

describe('bad queries are 400 with a message', () => {
  test.each([
    ['/api/reports?endDate=2026-04-01', 'startDate is required, as yyyy-MM-dd'],
    ['/api/reports?startDate=2026-02-30&endDate=2026-03-01', 'startDate must be a date as yyyy-MM-dd'],
    ['/api/reports?startDate=01/04/2026&endDate=2026-04-01', 'startDate must be a date as yyyy-MM-dd'],
    ['/api/reports?startDate=2026-04-02&endDate=2026-04-01', 'endDate must not be before startDate'],
    ['/api/reports?startDate=2025-01-01&endDate=2026-01-02', 'The date range can be at most 366 days'],
    ['/api/reports?startDate=2026-04-01&endDate=2026-04-01&groupBy=city', /^groupBy must be one of: campaign, spark, offer/],
    ['/api/reports?startDate=2026-04-01&endDate=2026-04-01&offer=abc', 'offer must be an offer id'],
    ['/api/reports?startDate=2026-04-01&endDate=2026-04-01&series=no', 'series must be true or false'],
    ['/api/tiktok/spend?startDate=2026-04-01', 'endDate is required, as yyyy-MM-dd'],
    ['/api/reports/series?startDate=2026-04-02&endDate=2026-04-01', 'endDate must not be before startDate'],
    ['/api/reports/series?startDate=2026-04-01&endDate=2026-04-01&then=offer&parent=cmpA', 'A series is of a whole report: leave out then, then2, parent and parent2'],
    ['/api/reports/totals?startDate=2026-04-02&endDate=2026-04-01', 'endDate must not be before startDate'],
    ['/api/reports/totals?startDate=2026-04-01&endDate=2026-04-01&then=offer&parent=cmpA', 'Totals are of a whole report: leave out then, then2, parent and parent2'],
  ])('%s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  test('a range of exactly 366 days is accepted', async () => {
    expect((await get('/api/reports?startDate=2024-01-01&endDate=2024-12-31')).statusCode).toBe(200);
  });
});

describe('GET /api/reports', () => {
  const report = async (query: string) => {
    const res = await get(`/api/reports?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ReportResponse;
  };

  test("campaign rows: names, a deleted campaign as its id, exits, spend pro rata, and one 'No click' row", async () => {
    const r = await report('groupBy=campaign&startDate=2026-04-01&endDate=2026-04-03');
    expect(r).toMatchObject({ timezone: 'UTC', granularity: 'day' });
    const row = (key: string) => r.rows.find((x) => x.key === key)!;
    // 1 April: tt-1's 9.99 goes to cmpA (its only visits that day). 2 April: tt-1's 5.00 to cmpB; tt-7's 2.01 matches no click.
    expect(row('cmpA')).toEqual({
      key: 'cmpA', label: 'Campaign A', clicks: 3, botClicks: 1, conversions: 2, revenue: '16.75', spend: '9.99', profit: '6.76',
      roi: 67600 / 999, roas: 1675 / 999, cr: 200 / 3, cpv: 999 / 300,
      // EPV per visit, EPC per click on the offer (2 of the 3 visits exited), CPA per conversion.
      epv: 1675 / 300, epc: 1675 / 200, cpa: 999 / 200,
      linkClicks: 3, exitClicks: 2, landerCtr: 2 / 3,
      pendingConversions: 0, pendingPayout: '0.00', rejectedConversions: 1, rejectedPayout: '2.00',
    });
    expect(row('cmpB')).toMatchObject({ label: 'Campaign B', clicks: 1, spend: '5.00', conversions: 0, roi: -100, cpa: null });
    expect(row('gone')).toMatchObject({ label: 'gone', clicks: 1, spend: '0.00' });
    // The conversion whose click never came and the spend no click carries: one row.
    expect(row(NO_CLICK_KEY)).toMatchObject({ label: 'No click', clicks: 0, conversions: 1, revenue: '1.00', spend: '2.01', profit: '-1.01', cr: 0, epv: 0, epc: 0 });
    expect(r.rows.map((x) => x.key)).toEqual(['cmpA', NO_CLICK_KEY, 'cmpB', 'gone']);
    expect(r.totals).toMatchObject({
      key: '__total__', label: 'TOTALS', clicks: 5, botClicks: 1, conversions: 3, revenue: '17.75', spend: '17.00', profit: '0.75',
      linkClicks: 5, exitClicks: 2,
    });
    expect(r.series).toEqual([
      { bucket: '2026-04-01', visits: 3, conversions: 2, revenue: '16.75', spend: '9.99', profit: '6.76' },
      { bucket: '2026-04-02', visits: 1, conversions: 1, revenue: '1.00', spend: '7.01', profit: '-6.01' },
      { bucket: '2026-04-03', visits: 1, conversions: 0, revenue: '0.00', spend: '0.00', profit: '0.00' },
    ]);
  });

  test('without spend, ROI and ROAS are null (shown as —), not 0: nothing was spent to return on', async () => {
    const r = await report('groupBy=campaign&startDate=2026-04-03&endDate=2026-04-03');
    expect(r.rows.find((row) => row.key === 'gone')).toEqual(expect.objectContaining({ spend: '0.00', roi: null, roas: null, cpa: null }));
    expect(r.totals).toMatchObject({ spend: '0.00', roi: null, roas: null });
  });

  test('every grouping has link clicks, exit clicks, lander CTR, EPC and CPA, tracking variables included', async () => {
    const range = 'startDate=2026-04-01&endDate=2026-04-03';
    const lander = { linkClicks: 3, exitClicks: 2, landerCtr: 2 / 3, epc: 1675 / 200, cpa: 999 / 200 };
    const keyOfA: Record<string, string> = { spark: 'spk-1', offer: String(offerId), mediabuyer: 'mia', placement: 'TikTok' };
    for (const [groupBy, key] of Object.entries(keyOfA)) {
      const r = await report(`groupBy=${groupBy}&${range}`);
      expect([groupBy, r.rows.find((x) => x.key === key)]).toEqual([groupBy, expect.objectContaining({ clicks: 3, ...lander })]);
      expect([groupBy, r.totals]).toEqual([groupBy, expect.objectContaining({ linkClicks: 5, exitClicks: 2, landerCtr: 2 / 5 })]);
    }
    // Filters apply to the exits too: campaign B's click never exited.
    const filtered = await report(`groupBy=placement&${range}&campaignId=cmpB`);
    expect(filtered.totals).toMatchObject({ linkClicks: 1, exitClicks: 0, landerCtr: 0, epc: 0 });
  });

  test('pending and rejected conversions are their own columns, by grouping and filter, never revenue', async () => {
    const r = await report('groupBy=campaign&startDate=2026-04-01&endDate=2026-04-03');
    const unapproved = (row: ReportResponse['totals']) =>
      [row.label, row.conversions, row.revenue, row.pendingConversions, row.pendingPayout, row.rejectedConversions, row.rejectedPayout];
    expect(r.rows.filter((x) => ['cmpA', 'cmpB', NO_CLICK_KEY].includes(x.key)).map(unapproved)).toEqual([
      ['Campaign A', 2, '16.75', 0, '0.00', 1, '2.00'],
      ['No click', 1, '1.00', 1, '0.50', 0, '0.00'],
      ['Campaign B', 0, '0.00', 1, '6.00', 0, '0.00'],
    ]);
    expect(unapproved(r.totals)).toEqual(['TOTALS', 3, '17.75', 2, '6.50', 1, '2.00']);
    // A transaction that was pending and is now approved is no longer pending (c3's v2, revised by v3).
    const byPlacement = await report('groupBy=placement&startDate=2026-04-01&endDate=2026-04-03');
    expect(byPlacement.rows.filter((x) => x.key === 'TikTok').map(unapproved)).toEqual([['TikTok', 2, '16.75', 0, '0.00', 1, '2.00']]);
    const oneDay = await report('groupBy=offer&startDate=2026-04-02&endDate=2026-04-02');
    expect(unapproved(oneDay.totals)).toEqual(['TOTALS', 1, '1.00', 1, '6.00', 0, '0.00']);
    const filtered = await report(`groupBy=campaign&startDate=2026-04-01&endDate=2026-04-03&campaignId=cmpB`);
    expect(filtered.rows.map(unapproved)).toEqual([['Campaign B', 0, '0.00', 1, '6.00', 0, '0.00']]);
  });

  test("conversions whose click never came are one 'No click' row in every grouping, never mixed into the '' row, and out of every filtered view", async () => {
    const range = 'startDate=2026-04-01&endDate=2026-04-03';
    const noClick = { label: 'No click', clicks: 0, conversions: 1, revenue: '1.00', pendingConversions: 1, pendingPayout: '0.50', spend: '2.01' };
    // c4 and c5 are real clicks without a spark, offer, media buyer or placement: only their own figures.
    const clicksWithout = { clicks: 2, conversions: 0, revenue: '0.00', pendingConversions: 1, pendingPayout: '6.00' };
    for (const groupBy of ['campaign', 'spark', 'offer', 'lander', 'mediabuyer', 'placement', 'country', 'os']) {
      const r = await report(`groupBy=${groupBy}&${range}`);
      expect([groupBy, r.rows.find((x) => x.key === NO_CLICK_KEY)]).toEqual([groupBy, expect.objectContaining(noClick)]);
      if (['spark', 'offer', 'mediabuyer', 'placement'].includes(groupBy)) {
        expect([groupBy, r.rows.find((x) => x.key === '')]).toEqual([groupBy, expect.objectContaining(clicksWithout)]);
      }
      expect([groupBy, r.totals]).toEqual([groupBy, expect.objectContaining({ conversions: 3, revenue: '17.75', spend: '17.00' })]);
    }
    // Every filter is on a click's dimension, 'none' included: the conversions without a click are left out.
    const clickRevenue: Array<[string, string]> = [
      ['spark=none', '0.00'], ['mediaBuyer=none', '0.00'], ['country=none', '16.75'], ['os=none', '16.75'], ['device=none', '16.75'],
    ];
    for (const [filter, revenue] of clickRevenue) {
      const r = await report(`groupBy=mediabuyer&${range}&${filter}`);
      expect([filter, r.rows.some((x) => x.key === NO_CLICK_KEY), r.totals.revenue, r.totals.pendingPayout]).toEqual([filter, false, revenue, '6.00']);
    }
    // Opened at any level, the row is itself again; a real row never holds it.
    const opened = await report(`groupBy=campaign&${range}&then=country&parent=${NO_CLICK_KEY}`);
    expect(opened.rows).toEqual([expect.objectContaining({ key: NO_CLICK_KEY, ...noClick })]);
    expect(opened.totals).toMatchObject({ ...noClick, key: '__total__' });
    const deeper = await report(`groupBy=os&${range}&then=offer&parent=${NO_CLICK_KEY}&then2=spark&parent2=${NO_CLICK_KEY}`);
    expect(deeper.rows).toEqual([expect.objectContaining({ key: NO_CLICK_KEY, ...noClick })]);
    const underA = await report(`groupBy=campaign&${range}&then=spark&parent=cmpA`);
    expect(underA.rows.map((x) => x.key)).toEqual(['spk-1']);
  });

  test('other groupings use their own labels', async () => {
    const bySpark = await report('groupBy=spark&startDate=2026-04-01&endDate=2026-04-03');
    expect(bySpark.rows.find((x) => x.key === 'spk-1')).toMatchObject({ label: 'Spark One', clicks: 3 });
    expect(bySpark.rows.find((x) => x.key === '')).toMatchObject({ label: 'No Spark', clicks: 2, exitClicks: 0 });
    const byBuyer = await report('groupBy=mediabuyer&startDate=2026-04-01&endDate=2026-04-03');
    expect(byBuyer.rows.map((x) => [x.key, x.label, x.clicks])).toEqual([
      ['mia', 'mia', 3],
      [NO_CLICK_KEY, 'No click', 0],
      ['', 'Unknown', 2],
    ]);
    const byOffer = await report('groupBy=offer&startDate=2026-04-01&endDate=2026-04-03');
    expect(byOffer.rows.find((x) => x.key === String(offerId))).toMatchObject({ label: 'Alpha', revenue: '16.75' });
    const byPlacement = await report('groupBy=placement&startDate=2026-04-01&endDate=2026-04-03');
    expect(byPlacement.rows.map((x) => [x.label, x.clicks])).toEqual([['TikTok', 3], ['No click', 0], ['Unknown', 2]]);
  });

  test('filters narrow rows and spend, and leave out spend no click matches', async () => {
    const r = await report(`groupBy=campaign&startDate=2026-04-01&endDate=2026-04-03&offer=${offerId}`);
    expect(r.rows.map((x) => x.key)).toEqual(['cmpA']);
    expect(r.totals).toMatchObject({ clicks: 3, spend: '9.99', revenue: '16.75' });
    // 'No Spark' means clicks without a spark: a conversion without a click is not one of them.
    expect((await report(`startDate=2026-04-01&endDate=2026-04-03&spark=none`)).totals).toMatchObject({ clicks: 2, conversions: 0, spend: '5.00' });
    expect((await report(`startDate=2026-04-01&endDate=2026-04-03&spark=${sparkPublicId}`)).totals).toMatchObject({ clicks: 3 });
    expect((await report('startDate=2026-04-01&endDate=2026-04-03&mediaBuyer=mia')).totals).toMatchObject({ clicks: 3 });
    expect((await report('startDate=2026-04-01&endDate=2026-04-03&mediaBuyer=none')).totals).toMatchObject({ clicks: 2 });
    expect((await report('startDate=2026-04-01&endDate=2026-04-03&campaignId=cmpB')).rows.map((x) => x.key)).toEqual(['cmpB']);
  });

  test('a one-day report has an hourly series; days follow the report time zone', async () => {
    const day = await report('startDate=2026-04-01&endDate=2026-04-01');
    expect(day.granularity).toBe('hour');
    expect(day.series).toHaveLength(24);
    expect(day.series[10]).toMatchObject({ bucket: '2026-04-01 10:00', visits: 1, conversions: 1, revenue: '12.50' });
    // 9.99 over three visits (10:00, 11:00, 12:00): 3.33 each.
    expect(day.series.slice(10, 13).map((p) => p.spend)).toEqual(['3.33', '3.33', '3.33']);

    // Spend without visits (tt-7's 2.01 on 2 April) follows the day's visits, not the first hour: no loss spike at 00:00.
    const second = await report('startDate=2026-04-02&endDate=2026-04-02');
    expect(second.series.filter((p) => p.spend !== '0.00').map((p) => [p.bucket, p.spend])).toEqual([['2026-04-02 09:00', '7.01']]);
    expect(second.totals.spend).toBe('7.01');

    await h.entities.db.insert(schema.settings).values({ key: 'report_timezone', value: 'Asia/Tokyo' });
    try {
      // 23:59:59.999 UTC on 3 April is 4 April in Tokyo.
      const tokyo = await report('startDate=2026-04-04&endDate=2026-04-04');
      expect(tokyo).toMatchObject({ timezone: 'Asia/Tokyo', totals: { clicks: 1 } });
      expect(tokyo.series.find((p) => p.visits === 1)!.bucket).toBe('2026-04-04 08:00');
    } finally {
      await h.entities.db.delete(schema.settings);
    }
  });

  test('series=false answers the same rows and totals without a series (the media buyer filter asks so)', async () => {
    for (const range of ['startDate=2026-04-01&endDate=2026-04-01', 'startDate=2026-04-01&endDate=2026-04-03']) {
      const full = await report(`${range}&groupBy=mediabuyer`);
      const rowsOnly = await report(`${range}&groupBy=mediabuyer&series=false`);
      expect(full.series.length).toBeGreaterThan(0);
      expect(rowsOnly).toEqual({ ...full, series: [] });
      expect(await report(`${range}&groupBy=mediabuyer&series=true`)).toEqual(full);
    }
  });

  test('/api/reports/series answers the series of /api/reports, without its rows (the dashboard asks a one-day report so)', async () => {
    const ranges = ['startDate=2026-04-01&endDate=2026-04-01', 'startDate=2026-04-02&endDate=2026-04-02', 'startDate=2026-04-01&endDate=2026-04-03'];
    for (const range of ranges) {
      for (const query of [`${range}`, `${range}&groupBy=offer`, `${range}&groupBy=mediabuyer&spark=${sparkPublicId}`, `${range}&campaignId=cmpA`]) {
        const full = await report(query);
        const res = await get(`/api/reports/series?${query}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ startDate: full.startDate, endDate: full.endDate, timezone: full.timezone, granularity: full.granularity, series: full.series });
      }
    }
    // Spend and visits are in it, hour by hour.
    const hourly = (await get('/api/reports/series?startDate=2026-04-01&endDate=2026-04-01')).json() as Pick<ReportResponse, 'series'>;
    expect(hourly.series.slice(10, 13).map((p) => [p.visits, p.spend])).toEqual([[1, '3.33'], [1, '3.33'], [1, '3.33']]);
  });

  test('the totals of every grouping agree', async () => {
    const totals = await Promise.all(
      ['campaign', 'spark', 'offer', 'lander', 'mediabuyer', 'tiktokCampaignId', 'creativeName'].map(async (g) => {
        const { totals: t } = await report(`groupBy=${g}&startDate=2026-04-01&endDate=2026-04-03`);
        return [t.clicks, t.conversions, t.revenue, t.spend];
      }),
    );
    for (const t of totals) expect(t).toEqual([5, 3, '17.75', '17.00']);
  });

  test('a CAKE conversion no postback covers counts for its click (subid2), from two days before the range on; one without a click id never', async () => {
    const db = h.entities.db;
    const cake = (conversionId: string, subid2: string, date: string, revenue: string) => ({ conversionId, subid2, conversionDate: new Date(`${date}T12:00:00Z`), revenue });
    await db.insert(schema.cakeConversions).values([
      cake('k1', 'c2', '2026-04-01', '7.00'),
      cake('k2', '', '2026-04-01', '3.00'),
      // Before 30 March: outside the margin of a range from 1 April; inside that of a range from 21 March.
      cake('k3', 'c4', '2026-03-20', '2.50'),
    ]);
    try {
      const from = async (startDate: string) => {
        const r = await report(`groupBy=campaign&startDate=${startDate}&endDate=2026-04-03`);
        const row = (key: string) => r.rows.find((x) => x.key === key)!;
        return { a: [row('cmpA').conversions, row('cmpA').revenue], b: [row('cmpB').conversions, row('cmpB').revenue], total: r.totals.revenue };
      };
      // Without CAKE: cmpA 2 conversions, 16.75; cmpB none; totals 17.75 (the campaign rows above).
      expect(await from('2026-04-01')).toEqual({ a: [3, '23.75'], b: [0, '0.00'], total: '24.75' });
      expect(await from('2026-03-21')).toEqual({ a: [3, '23.75'], b: [1, '2.50'], total: '27.25' });
    } finally {
      await db.delete(schema.cakeConversions);
    }
    expect((await report('groupBy=campaign&startDate=2026-04-01&endDate=2026-04-03')).totals.revenue).toBe('17.75');
  });
});

describe('the other reporting calls', () => {
  test('/api/clicks/by-campaign: clicks, clicks that exited, CTR per campaign', async () => {
    expect((await get('/api/clicks/by-campaign?startDate=2026-04-01&endDate=2026-04-03')).json()).toEqual([
      { campaignId: 'cmpA', campaignName: 'Campaign A', totalClicks: 3, exitClicks: 2, ctr: 2 / 3 },
      { campaignId: 'cmpB', campaignName: 'Campaign B', totalClicks: 1, exitClicks: 0, ctr: 0 },
      { campaignId: 'gone', campaignName: 'gone', totalClicks: 1, exitClicks: 0, ctr: 0 },
    ]);
  });

  test('/api/tiktok/spend: the spend rows of the range; a later sync replaces a day, never adds', async () => {
    await recordSpend(h.entities.db, h.analytics, [{ date: '2026-04-01', tiktokCampaignId: 'tt-1', spend: '10.00', impressions: 7, campaignName: 'TT one' }]);
    expect((await get('/api/tiktok/spend?startDate=2026-04-01&endDate=2026-04-01')).json()).toEqual([
      { date: '2026-04-01', tiktokCampaignId: 'tt-1', campaignName: 'TT one', spend: '10.00', impressions: 7, clicks: 0, conversions: 0, ...NOT_CONVERTED },
    ]);
    const r = (await get('/api/reports?startDate=2026-04-01&endDate=2026-04-01')).json() as ReportResponse;
    expect(r.totals.spend).toBe('10.00');
    await recordSpend(h.entities.db, h.analytics, [{ date: '2026-04-01', tiktokCampaignId: 'tt-1', spend: '9.99', campaignName: 'TT one' }]);
    expect(((await get('/api/reports?startDate=2026-04-01&endDate=2026-04-01')).json() as ReportResponse).totals.spend).toBe('9.99');
  });

  test('/api/tiktok/spend: a converted row carries its original amount, the rate, its day and whether it was a manual one', async () => {
    const db = h.entities.db;
    await db.insert(schema.fxRates).values([
      { day: '2026-04-10', currency: 'USD', source: 'ecb', rate: '1.0823' },
      { day: '2026-04-13', currency: 'USD', source: 'ecb', rate: '1.0900' },
      { day: '2026-04-13', currency: 'USD', source: 'manual', rate: '1.1000' },
    ]);
    const converted = (originalSpend: string, fxRate: string | null, fxRateDay: string | null, fxPending = false) => ({
      originalSpend,
      originalCurrency: 'EUR',
      spendCurrency: 'USD',
      fxRate,
      fxRateDay,
      fxPending,
    });
    try {
      await recordSpend(db, h.analytics, [
        // Saturday 11 April reads Friday's ECB rate; Monday 13 April an admin's; Tuesday waits.
        { date: '2026-04-11', tiktokCampaignId: 'tt-eur', spend: '54.12', campaignName: 'Euro', conversion: converted('50.00', '1.08230000', '2026-04-10') },
        { date: '2026-04-13', tiktokCampaignId: 'tt-eur', spend: '55.00', campaignName: 'Euro', conversion: converted('50.00', '1.10000000', '2026-04-13') },
        { date: '2026-04-14', tiktokCampaignId: 'tt-eur', spend: '0.00', campaignName: 'Euro', conversion: converted('50.00', null, null, true) },
      ]);
      const rows = (await get('/api/tiktok/spend?startDate=2026-04-11&endDate=2026-04-14')).json() as SpendRow[];
      expect(rows.map((r) => [r.date, r.spend, r.originalSpend, r.originalCurrency, r.spendCurrency, r.fxRate, r.fxRateDay, r.fxRateSource, r.fxPending])).toEqual([
        ['2026-04-11', '54.12', '50.00', 'EUR', 'USD', '1.0823', '2026-04-10', 'ecb', false],
        ['2026-04-13', '55.00', '50.00', 'EUR', 'USD', '1.1', '2026-04-13', 'manual', false],
        ['2026-04-14', '0.00', '50.00', 'EUR', 'USD', null, null, null, true],
      ]);
    } finally {
      await db.delete(schema.tiktokSpend).where(eq(schema.tiktokSpend.tiktokCampaignId, 'tt-eur'));
      await db.delete(schema.fxRates);
    }
  });

  test('recordSpend refuses negative or malformed amounts', async () => {
    await expect(recordSpend(h.entities.db, h.analytics, [{ date: '2026-04-01', tiktokCampaignId: 'tt-1', spend: '-1.00' }])).rejects.toThrow('Spend must not be negative: "-1.00"');
    await expect(recordSpend(h.entities.db, h.analytics, [{ date: '1 April', tiktokCampaignId: 'tt-1', spend: '1' }])).rejects.toThrow(/yyyy-MM-dd/);
  });

  test('/api/cake/stats: rows of cake_stats in the range', async () => {
    await h.entities.db.insert(schema.cakeStats).values([
      { date: '2026-04-01', offerId: '77', offerName: 'Net offer', subid1: 'mia', subid2: 'c1', clicks: 4, conversions: 1, revenue: '2.50' },
      { date: '2026-04-09', offerId: '77', offerName: 'Net offer', subid1: 'mia', subid2: 'c9', clicks: 1, conversions: 0, revenue: '0' },
    ]);
    expect((await get('/api/cake/stats?startDate=2026-04-01&endDate=2026-04-03')).json()).toEqual([
      { date: '2026-04-01', offerId: '77', offerName: 'Net offer', subid1: 'mia', subid2: 'c1', subid3: '', clicks: 4, conversions: 1, revenue: '2.50' },
    ]);
  });

  test('/api/cake/offers: our visits, clicks on the offer and postback conversions by offer, then the network’s rows', async () => {
    const rows = (await get('/api/cake/offers?startDate=2026-04-01&endDate=2026-04-03')).json();
    // Clicks and EPC mean clicks on the offer for both sources, as on the Stats screen; the network has no visits.
    // Cost and pending beside revenue, as the Stats screen's offer grouping has them; conversions whose click
    // never came and cost no visit matches are the 'No click' row, apart from the clicks without an offer.
    const pending = (pendingConversions: number, pendingPayout: string) => ({ pendingConversions, pendingPayout });
    expect(rows).toEqual([
      { source: 'tracker', offerId: String(offerId), offerName: 'Alpha', visits: 3, clicks: 2, conversions: 2, revenue: '16.75', cost: '9.99', ...pending(0, '0.00'), epv: 1675 / 300, epc: 1675 / 200 },
      { source: 'tracker', offerId: NO_CLICK_KEY, offerName: 'No click', visits: 0, clicks: 0, conversions: 1, revenue: '1.00', cost: '2.01', ...pending(1, '0.50'), epv: 0, epc: 0 },
      { source: 'tracker', offerId: '', offerName: 'Unknown', visits: 2, clicks: 0, conversions: 0, revenue: '0.00', cost: '5.00', ...pending(1, '6.00'), epv: 0, epc: 0 },
      { source: 'cake', offerId: '77', offerName: 'Net offer', visits: null, clicks: 4, conversions: 1, revenue: '2.50', cost: null, ...pending(0, '0.00'), epv: null, epc: 0.625 },
    ]);
  });
});
