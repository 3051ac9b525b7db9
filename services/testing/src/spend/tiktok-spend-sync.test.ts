// TikTok ad accounts and the spend sync end to end: the admin API, the queue's job on the workers, a
// local fake of TikTok's reporting API (paging, throttling, changed figures, advertisers either side
// of UTC), and what the dashboard then reads: spend rows, the report's Cost, the freshness note.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { createHttpServer, createLogger, listSpendSyncTimes, saveEcbRates, schema, type JobQueue } from '@tracker/core';
import { describeWithRealEngine } from '@tracker/core/testing';
import { hashPassword, registerApi } from '@tracker/api';
import { registerProcessors, scheduleSpendSync } from '@tracker/workers';
import type { FastifyInstance } from 'fastify';
import type { ReportResponse, SpendFreshness, SpendRow, TiktokAccountView } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '../fakes/tiktok-reporting-server';
import { openPipelineStores, type PipelineStores } from '../pipeline/open-pipeline-stores';

const logger = createLogger('silent');
const secretsKey = Buffer.alloc(32, 5);
/** 03:00 UTC: still the 24th in Los Angeles (19:00), already the 25th in Shanghai (11:00). */
const NOW = Date.parse('2026-11-25T03:00:00Z');
const LA = { advertiserId: '7001', accessToken: 'la-token-0123456789', name: 'West Coast Ads', timezone: 'America/Los_Angeles' };
const SH = { advertiserId: '7002', accessToken: 'sh-token-9876543210', name: 'Shanghai Ads', timezone: 'Asia/Shanghai', currency: 'CNY' };

function spendSync(open: () => Promise<PipelineStores>) {
  let stores: PipelineStores;
  let queue: JobQueue;
  let fake: FakeTiktokReporting;
  let app: FastifyInstance;
  let admin = '';
  let user = '';
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    app.inject({ method, url, payload: payload as object, headers: { cookie, ...(method === 'GET' ? {} : { origin: 'http://localhost:80' }) } });
  const reportDates = (advertiserId: string) =>
    fake.requests.filter((r) => r.path.endsWith('/report/integrated/get/') && r.query.advertiser_id === advertiserId).map((r) => `${r.query.start_date}..${r.query.end_date}`);
  const spendRows = async (startDate: string, endDate: string) => (await call('GET', `/api/tiktok/spend?startDate=${startDate}&endDate=${endDate}`)).json() as SpendRow[];

  beforeAll(async () => {
    stores = await open();
    queue = stores.queue!;
    fake = await startFakeTiktokReporting({ maxPageSize: 2 });
    fake.addAdvertiser(LA);
    fake.addAdvertiser(SH);
    // Five rows of the LA advertiser: three pages of two.
    for (const [date, campaignId, spend] of [
      ['2026-11-21', 'tt-la-1', '10.00'],
      ['2026-11-22', 'tt-la-1', '12.50'],
      ['2026-11-23', 'tt-la-2', '3.10'],
      ['2026-11-24', 'tt-la-2', '1.99'],
    ] as const) {
      fake.setSpend(LA.advertiserId, { date, campaignId, campaignName: `LA ${campaignId}`, spend, impressions: 1000, clicks: 40, conversions: 2 });
    }
    // The 23rd (yesterday in LA, pulled by the hour): campaign tt-la-1 spent through two ads of one ad group.
    const ad = { date: '2026-11-23', campaignId: 'tt-la-1', campaignName: 'LA tt-la-1', adgroupId: 'la-ag-1', adgroupName: 'Broad' } as const;
    fake.setSpend(LA.advertiserId, { ...ad, hour: 5, adId: 'la-ad-1a', adName: 'Hook A', spend: '5.00', impressions: 600, clicks: 25, conversions: 1 });
    fake.setSpend(LA.advertiserId, { ...ad, hour: 22, adId: 'la-ad-1b', adName: 'Hook B', spend: '2.25', impressions: 400, clicks: 15, conversions: 1 });
    fake.setSpend(SH.advertiserId, { date: '2026-11-25', campaignId: 'tt-sh-1', spend: '88.00' });
    // Shanghai spends yuan, shown in the workspace's dollars (docs/currencies.md): 8.8 CNY and 1.1 USD per EUR
    // make its 88.00 CNY 11.00 USD.
    await saveEcbRates(stores.entities.db, ['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25'].map((day) => ({ day, rates: { USD: '1.1', CNY: '8.8' } })));
    registerProcessors(queue, { db: stores.entities.db, analytics: stores.analytics, secretsKey, tiktokApiUrl: fake.url, outgoing: LOCAL_FAKES_OUTGOING, logger, now: () => NOW, tiktokBackoffMs: 5 });
    await queue.start();

    app = createHttpServer({ logger, trustProxy: false });
    await registerApi(app, {
      db: stores.entities.db,
      analytics: stores.analytics,
      changes: stores.entities.changes,
      sessionSecret: 'q'.repeat(32),
      secretsKey,
      tiktokApiUrl: fake.url,
      outgoing: LOCAL_FAKES_OUTGOING,
      queue,
      logger,
      webDist: '/nonexistent',
    });
    await app.ready();
    const hash = await hashPassword('spend-password');
    await stores.entities.db.insert(schema.users).values([
      { username: 'spend-admin', password: hash, role: 'admin' },
      { username: 'spend-user', password: hash, role: 'user' },
    ]);
    const signIn = async (username: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'spend-password' }, headers: { origin: 'http://localhost:80' } });
      return String(res.headers['set-cookie']).split(';')[0]!;
    };
    admin = await signIn('spend-admin');
    user = await signIn('spend-user');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await stores?.close();
  });

  test('an admin adds accounts: TikTok reports name, time zone and currency; the token is sealed and only masked', async () => {
    const added = await call('POST', '/api/tiktok/accounts', { advertiserId: LA.advertiserId, accessToken: LA.accessToken });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ advertiserId: '7001', name: 'West Coast Ads', timezone: 'America/Los_Angeles', currency: 'USD', accessTokenMasked: '••••6789', lastSyncAt: null });
    expect(added.body).not.toContain(LA.accessToken);
    ids.la = (added.json() as TiktokAccountView).id;
    const sh = await call('POST', '/api/tiktok/accounts', { advertiserId: SH.advertiserId, accessToken: SH.accessToken, name: 'China team' });
    expect(sh.json()).toMatchObject({ name: 'China team', timezone: 'Asia/Shanghai', currency: 'CNY' });
    ids.sh = (sh.json() as TiktokAccountView).id;

    const [row] = await stores.entities.db.select().from(schema.tiktokAccounts).where(eq(schema.tiktokAccounts.id, ids.la));
    expect(row!.accessToken).not.toContain(LA.accessToken);
    const list = await call('GET', '/api/tiktok/accounts');
    expect((list.json() as TiktokAccountView[]).map((a) => a.name)).toEqual(['China team', 'West Coast Ads']);
    expect(list.body).not.toContain(LA.accessToken);
  });

  test('bad input and TikTok refusals are 4xx and store nothing; a second copy of an advertiser is a 409; users get 403', async () => {
    const wrongToken = await call('POST', '/api/tiktok/accounts', { advertiserId: '7001', accessToken: 'not-the-token' });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json().message).toMatch(/40001/);
    expect((await call('POST', '/api/tiktok/accounts', { advertiserId: 'abc', accessToken: 'x' })).json()).toEqual({ message: 'advertiserId: Advertiser ID must be digits only' });
    expect((await call('POST', '/api/tiktok/accounts', { advertiserId: LA.advertiserId, accessToken: LA.accessToken })).statusCode).toBe(409);
    expect((await call('GET', '/api/tiktok/accounts', undefined, user)).statusCode).toBe(403);
    expect((await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, {}, user)).statusCode).toBe(403);
    expect((await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, { startDate: '2026-11-01' })).json()).toEqual({ message: 'Send both startDate and endDate, or neither' });
    expect((await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, { startDate: '2025-01-01', endDate: '2026-11-01' })).statusCode).toBe(400);
    expect((await call('POST', '/api/tiktok/accounts/999999/sync', {})).statusCode).toBe(404);
    expect((await stores.entities.db.select().from(schema.tiktokAccounts)).length).toBe(2);
  });

  test('Test connection asks TikTok with the stored token', async () => {
    const res = await call('POST', `/api/tiktok/accounts/${ids.sh}/test`, {});
    expect(res.json()).toEqual({ ok: true, name: 'Shanghai Ads', timezone: 'Asia/Shanghai', currency: 'CNY' });
  });

  test('Sync now pulls today and yesterday by the hour and the 2 days before by the day, at ad level, in each advertiser\'s time zone, every page, through throttling', async () => {
    fake.throttleNext(1, 40133);
    fake.throttleNext(1, 50002);
    const la = await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, {});
    expect(la.statusCode).toBe(200);
    expect(la.json()).toEqual({ rows: 6 });
    const sh = await call('POST', `/api/tiktok/accounts/${ids.sh}/sync`, {});
    expect(sh.json()).toEqual({ rows: 1 });
    // 03:00 UTC on the 25th is the 24th in Los Angeles and the 25th in Shanghai: one daily call, one per hourly day.
    expect(new Set(reportDates(LA.advertiserId))).toEqual(new Set(['2026-11-21..2026-11-22', '2026-11-23..2026-11-23', '2026-11-24..2026-11-24']));
    expect(new Set(reportDates(SH.advertiserId))).toEqual(new Set(['2026-11-22..2026-11-23', '2026-11-24..2026-11-24', '2026-11-25..2026-11-25']));
    const laCalls = fake.requests.filter((r) => r.query.advertiser_id === LA.advertiserId);
    expect(laCalls.map((r) => [r.query.data_level, r.query.dimensions])).toEqual([
      ...Array.from({ length: 3 }, () => ['AUCTION_AD', '["ad_id","stat_time_day"]']),
      ...Array.from({ length: 3 }, () => ['AUCTION_AD', '["ad_id","stat_time_hour"]']),
    ]);
    // Two refused answers (throttled, system error), then the daily page, the 23rd's pages 1 and 2 (3 ad hours), the 24th's page.
    expect(laCalls.map((r) => r.query.page)).toEqual(['1', '1', '1', '1', '2', '1']);
    // The ad rows: the 21st as one daily row from LA's midnight (08:00 UTC), the 23rd by the hour.
    const adRows = await stores.entities.db.select().from(schema.tiktokAdSpend).where(eq(schema.tiktokAdSpend.advertiserId, LA.advertiserId));
    const shown = (day: string) =>
      adRows
        .filter((r) => r.advertiserDay === day)
        .map((r) => [r.tiktokAdId, r.tiktokAdgroupId, r.adName, r.hours, r.startsAt.toISOString(), r.spend])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(shown('2026-11-21')).toEqual([['tt-la-1-ad', 'tt-la-1-ag', null, 24, '2026-11-21T08:00:00.000Z', '10.00']]);
    expect(shown('2026-11-23')).toEqual([
      ['la-ad-1a', 'la-ag-1', 'Hook A', 1, '2026-11-23T13:00:00.000Z', '5.00'],
      ['la-ad-1b', 'la-ag-1', 'Hook B', 1, '2026-11-24T06:00:00.000Z', '2.25'],
      ['tt-la-2-ad', 'tt-la-2-ag', null, 1, '2026-11-23T08:00:00.000Z', '3.10'],
    ]);
    expect(await spendRows('2026-11-21', '2026-11-25')).toMatchObject([
      { date: '2026-11-21', tiktokCampaignId: 'tt-la-1', campaignName: 'LA tt-la-1', spend: '10.00', impressions: 1000, clicks: 40, conversions: 2 },
      { date: '2026-11-22', tiktokCampaignId: 'tt-la-1', campaignName: 'LA tt-la-1', spend: '12.50', impressions: 1000, clicks: 40, conversions: 2 },
      { date: '2026-11-23', tiktokCampaignId: 'tt-la-1', campaignName: 'LA tt-la-1', spend: '7.25', impressions: 1000, clicks: 40, conversions: 2 },
      { date: '2026-11-23', tiktokCampaignId: 'tt-la-2', campaignName: 'LA tt-la-2', spend: '3.10', impressions: 1000, clicks: 40, conversions: 2 },
      { date: '2026-11-24', tiktokCampaignId: 'tt-la-2', campaignName: 'LA tt-la-2', spend: '1.99', impressions: 1000, clicks: 40, conversions: 2 },
      { date: '2026-11-25', tiktokCampaignId: 'tt-sh-1', campaignName: '', spend: '11.00', impressions: 0, clicks: 0, conversions: 0 },
    ]);
    const card = (await call('GET', '/api/tiktok/accounts')).json() as TiktokAccountView[];
    expect(card.find((a) => a.id === ids.la)).toMatchObject({ lastSyncRows: 6, lastSyncError: null });
    expect(card.find((a) => a.id === ids.la)!.lastSyncDurationMs).toEqual(expect.any(Number));
    const times = await listSpendSyncTimes(stores.entities.db);
    expect(times.map((t) => t.lastSuccessAt instanceof Date)).toEqual([true, true]);
  });

  test('a re-pull replaces the day: a changed figure is the new one, a campaign TikTok no longer reports counts 0, and the report\'s Cost follows', async () => {
    fake.removeSpend(LA.advertiserId, '2026-11-23', 'tt-la-1');
    fake.setSpend(LA.advertiserId, { date: '2026-11-23', campaignId: 'tt-la-1', campaignName: 'LA tt-la-1', spend: '9.75', impressions: 1200, clicks: 50, conversions: 3 });
    fake.removeSpend(LA.advertiserId, '2026-11-23', 'tt-la-2');
    expect((await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, {})).json()).toEqual({ rows: 4 });
    const day = await spendRows('2026-11-23', '2026-11-23');
    expect(day.map((r) => [r.tiktokCampaignId, r.spend])).toEqual([['tt-la-1', '9.75'], ['tt-la-2', '0.00']]);
    // The ads and hours the new pull no longer has are zero, in the record and in the analytics mirror.
    const adRows = await stores.entities.db.select().from(schema.tiktokAdSpend).where(eq(schema.tiktokAdSpend.advertiserDay, '2026-11-23'));
    expect(adRows.map((r) => [r.tiktokAdId, r.spend]).sort()).toEqual([['la-ad-1a', '0.00'], ['la-ad-1b', '0.00'], ['tt-la-1-ad', '9.75'], ['tt-la-2-ad', '0.00']]);
    const mirrored = await stores.analytics.query<{ ad: string; spend: string }>(
      "SELECT tiktok_ad_id AS ad, toString(spend) AS spend FROM ad_spend FINAL WHERE advertiser_day = '2026-11-23' ORDER BY ad",
    );
    expect(mirrored.map((r) => [r.ad, Number(r.spend)])).toEqual([['la-ad-1a', 0], ['la-ad-1b', 0], ['tt-la-1-ad', 9.75], ['tt-la-2-ad', 0]]);
    const report = (await call('GET', '/api/reports?groupBy=campaign&startDate=2026-11-21&endDate=2026-11-25')).json() as ReportResponse;
    // 10.00 + 12.50 + 9.75 + 1.99 + 11.00 (88.00 CNY): no visits, so all of it is the 'No click' row.
    expect(report.totals.spend).toBe('45.24');
    expect(report.rows.map((r) => [r.label, r.spend])).toEqual([['No click', '45.24']]);
  });

  test('a backfill is pulled in 30-day windows', async () => {
    fake.setSpend(LA.advertiserId, { date: '2026-09-15', campaignId: 'tt-la-1', spend: '4.00' });
    const before = reportDates(LA.advertiserId).length;
    expect((await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, { startDate: '2026-09-01', endDate: '2026-10-15' })).json()).toEqual({ rows: 1 });
    expect(new Set(reportDates(LA.advertiserId).slice(before))).toEqual(new Set(['2026-09-01..2026-09-30', '2026-10-01..2026-10-15']));
    expect((await spendRows('2026-09-15', '2026-09-15'))[0]!.spend).toBe('4.00');
  });

  test('a failed sync answers its error, keeps the figures, and shows on the card and in the freshness note', async () => {
    const fresh = (await call('GET', '/api/tiktok/spend/freshness')).json() as SpendFreshness;
    expect(fresh).toMatchObject({ accounts: 2, failing: [] });
    expect(fresh.syncedAt).toEqual(expect.any(String));
    fake.addAdvertiser({ ...SH, accessToken: 'revoked-elsewhere' });
    const failed = await call('POST', `/api/tiktok/accounts/${ids.sh}/sync`, {});
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^Spend sync failed: TikTok answered 40001/);
    expect((await spendRows('2026-11-25', '2026-11-25'))[0]!.spend).toBe('11.00');
    const card = (await call('GET', '/api/tiktok/accounts')).json() as TiktokAccountView[];
    expect(card.find((a) => a.id === ids.sh)!.lastSyncError).toMatch(/40001/);
    expect(((await call('GET', '/api/tiktok/spend/freshness')).json() as SpendFreshness).failing).toEqual([{ name: 'China team', error: expect.stringMatching(/40001/) }]);
    fake.addAdvertiser(SH);
    expect((await call('POST', `/api/tiktok/accounts/${ids.sh}/sync`, {})).statusCode).toBe(200);
    expect(((await call('GET', '/api/tiktok/spend/freshness')).json() as SpendFreshness).failing).toEqual([]);
  });

  test('the schedule enqueues one job per interval however many workers tick, and it syncs every account', async () => {
    const before = fake.requests.length;
    const stops = [scheduleSpendSync(queue, { everyMinutes: 15, logger, now: () => NOW }), scheduleSpendSync(queue, { everyMinutes: 15, logger, now: () => NOW })];
    stops.forEach((stop) => stop());
    const jobId = `tiktok-spend-sync-900000-${Math.floor(NOW / 900_000)}`;
    const deadline = Date.now() + 60_000;
    while ((await queue.get(jobId))?.status !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await queue.get(jobId))?.result).toEqual({ accounts: [{ accountId: ids.la, rows: 4, error: null }, { accountId: ids.sh, rows: 1, error: null }] });
    // One run: LA's daily call and two hourly ones (4 rows, one page each), Shanghai's the same (1 row).
    expect(fake.requests.length - before).toBe(6);
  });

  test('Today in a UTC report shows what the Los Angeles account spent in the UTC day so far, hour by hour (campaign-day rows showed $0.00)', async () => {
    // 18:00 on the 24th in Los Angeles is 02:00 UTC on the 25th: Today in UTC. Shanghai's 88.00 of its 25th
    // CNY (11.00 USD) was spent from 00:00 there, 16:00 UTC on the 24th: yesterday in UTC.
    fake.setSpend(LA.advertiserId, { date: '2026-11-24', hour: 18, adId: 'la-ad-3', adgroupId: 'la-ag-3', campaignId: 'tt-la-3', spend: '6.40' });
    expect((await call('POST', `/api/tiktok/accounts/${ids.la}/sync`, {})).statusCode).toBe(200);
    const today = (await call('GET', '/api/reports?groupBy=tiktokCampaignId&startDate=2026-11-25&endDate=2026-11-25')).json() as ReportResponse;
    expect(today.timezone).toBe('UTC');
    expect(today.totals.spend).toBe('6.40');
    // The hourly series has it in the hour it was spent in.
    expect(today.series.filter((p) => Number(p.spend) > 0).map((p) => [p.bucket, p.spend])).toEqual([['2026-11-25 02:00', '6.40']]);
    const yesterday = (await call('GET', '/api/reports?groupBy=tiktokCampaignId&startDate=2026-11-24&endDate=2026-11-24')).json() as ReportResponse;
    // Los Angeles' 1.99 at 00:00 there (08:00 UTC), and Shanghai's 11.00 (88.00 CNY); not the 6.40 of the 24th in Los Angeles.
    expect(yesterday.totals.spend).toBe('12.99');
    expect([today.inexactSpendDays, yesterday.inexactSpendDays]).toEqual([[], []]);
  });

  test('a report says which days hold daily spend of an account in another time zone: none when the zones agree', async () => {
    const week = async () => ((await call('GET', '/api/reports?groupBy=campaign&startDate=2026-11-20&endDate=2026-11-25')).json() as ReportResponse).inexactSpendDays;
    // Los Angeles' 21st and 22nd are daily rows (older than yesterday there), starting 08:00 UTC.
    expect(await week()).toEqual(['2026-11-21', '2026-11-22']);
    await stores.entities.db.insert(schema.settings).values({ key: 'report_timezone', value: 'America/Los_Angeles' });
    try {
      expect(await week()).toEqual([]);
    } finally {
      await stores.entities.db.delete(schema.settings).where(eq(schema.settings.key, 'report_timezone'));
    }
  });

  test('a day that is pulled by the day after it was pulled by the hour keeps one figure: its hourly rows become zero', async () => {
    const { replaceAdvertiserAdSpend } = await import('@tracker/core');
    const day = { advertiserDay: '2026-11-20', tiktokCampaignId: 'tt-x', tiktokAdgroupId: 'ag-x', tiktokAdId: 'ad-x' };
    const hourStart = Date.parse('2026-11-20T08:00:00Z');
    await replaceAdvertiserAdSpend(stores.entities.db, stores.analytics, {
      advertiserId: '7999',
      days: ['2026-11-20'],
      rows: [
        { ...day, hours: 1, startsAt: hourStart, spend: '1.25' },
        { ...day, hours: 1, startsAt: hourStart + 3_600_000, spend: '2.50' },
      ],
    });
    await replaceAdvertiserAdSpend(stores.entities.db, stores.analytics, { advertiserId: '7999', days: ['2026-11-20'], rows: [{ ...day, hours: 24, startsAt: hourStart, spend: '4.00' }] });
    const rows = await stores.analytics.query<{ hours: number; spend: string }>(
      "SELECT hours, toString(spend) AS spend FROM ad_spend FINAL WHERE advertiser_id = '7999' ORDER BY hours, starts_at",
    );
    expect(rows.map((r) => [Number(r.hours), Number(r.spend)])).toEqual([[1, 0], [1, 0], [24, 4]]);
    expect((await spendRows('2026-11-20', '2026-11-20')).map((r) => [r.tiktokCampaignId, r.spend])).toEqual([['tt-x', '4.00']]);
  });

  test('deleting an account keeps its spend', async () => {
    expect((await call('DELETE', `/api/tiktok/accounts/${ids.sh}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/tiktok/accounts/${ids.sh}`)).statusCode).toBe(404);
    expect((await spendRows('2026-11-25', '2026-11-25'))[0]!.spend).toBe('11.00');
  });
}

describe('TikTok spend sync [embedded: PGlite, chDB, in-process queue]', () => {
  spendSync(() => openPipelineStores('embedded', { name: 'spend', queue: true }));
});

describeWithRealEngine('KAFKA_BROKERS', 'TikTok spend sync on PostgreSQL', () => {
  spendSync(() => openPipelineStores('real', { name: 'spend', queue: true }));
});
