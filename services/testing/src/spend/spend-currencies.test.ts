// Spend in any currency end to end (docs/currencies.md): USD, EUR and JPY TikTok accounts synced from the
// fake reporting API, reference rates from the fake ECB (a weekend, a Monday not yet published), and what the
// dashboard then reads. Each row is converted at its own day's rate and keeps the evidence; a row whose rate is
// not known yet waits (0 in reports, shown in the freshness summary) and is converted when the rates arrive; a
// weekend reads Friday's rate; a changed workspace currency or a manual rate re-expresses the stored rows; the
// report's Cost is the sum of the converted rows to the cent.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { and, eq } from 'drizzle-orm';
import { createHttpServer, createLogger, schema, type JobQueue } from '@tracker/core';
import { describeWithRealEngine } from '@tracker/core/testing';
import { hashPassword, registerApi } from '@tracker/api';
import { fetchFxRates, registerProcessors } from '@tracker/workers';
import { rateText, SPEND_REEXPRESS_JOB, type ReportResponse, type SpendFreshness, type TiktokAccountView } from '@tracker/schemas';
import type { FastifyInstance } from 'fastify';
import { FAKE_ECB_DAYS, startFakeEcbServer, type FakeEcbServer } from '../fakes/ecb-server';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '../fakes/tiktok-reporting-server';
import { openPipelineStores, type PipelineStores } from '../pipeline/open-pipeline-stores';

const logger = createLogger('silent');
const secretsKey = Buffer.alloc(32, 7);
/** A week after the days synced: every one of them is pulled by the day. */
const NOW = Date.parse('2026-04-20T12:00:00Z');
const ACCOUNTS = [
  { advertiserId: '8101', accessToken: 'usd-token-0123456789', name: 'Dollar Ads', timezone: 'UTC', currency: 'USD' },
  { advertiserId: '8102', accessToken: 'eur-token-0123456789', name: 'Euro Ads', timezone: 'UTC', currency: 'EUR' },
  { advertiserId: '8103', accessToken: 'jpy-token-0123456789', name: 'Yen Ads', timezone: 'UTC', currency: 'JPY' },
] as const;
/** What each account spent, in its own currency: Thu 9, Fri 10, Sat 11, Sun 12 and Mon 13 April 2026. */
const SPEND: Array<[advertiserId: string, day: string, spend: string]> = [
  ['8101', '2026-04-09', '10.00'],
  ['8101', '2026-04-11', '5.00'],
  ['8101', '2026-04-13', '7.00'],
  ['8102', '2026-04-09', '100.00'],
  ['8102', '2026-04-11', '20.00'],
  ['8102', '2026-04-13', '50.00'],
  ['8103', '2026-04-09', '12345'],
  ['8103', '2026-04-10', '1000'],
  ['8103', '2026-04-12', '500'],
];

function spendCurrencies(open: () => Promise<PipelineStores>) {
  let stores: PipelineStores;
  let queue: JobQueue;
  let tiktok: FakeTiktokReporting;
  let ecb: FakeEcbServer;
  let app: FastifyInstance;
  let admin = '';
  let reexpressions = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: { cookie: admin, ...(method === 'GET' ? {} : { origin: 'http://localhost:80' }) } });
  const fetchRates = (day: string) =>
    fetchFxRates({ db: stores.entities.db, analytics: stores.analytics, fxRatesUrl: ecb.url, outgoing: LOCAL_FAKES_OUTGOING, logger, now: () => Date.parse(`${day}T17:00:00Z`) });
  const adRow = async (advertiserId: string, day: string) => {
    const [row] = await stores.entities.db
      .select()
      .from(schema.tiktokAdSpend)
      .where(and(eq(schema.tiktokAdSpend.advertiserId, advertiserId), eq(schema.tiktokAdSpend.advertiserDay, day)));
    return row!;
  };
  const latestRates = async () =>
    ((await call('GET', '/api/tiktok/accounts')).json() as TiktokAccountView[]).map((a) => [a.advertiserId, a.latestRate && { rate: rateText(a.latestRate.rate), day: a.latestRate.day }]);
  const evidence = async (advertiserId: string, day: string) => {
    const r = await adRow(advertiserId, day);
    return [r.spend, r.spendCurrency, r.originalSpend, r.originalCurrency, r.fxRate === null ? null : Number(r.fxRate), r.fxRateDay, r.fxPending];
  };
  const mirrored = async () =>
    (
      await stores.analytics.query<{ advertiser: string; day: string; spend: string }>(
        'SELECT advertiser_id AS advertiser, toString(advertiser_day) AS day, toString(spend) AS spend FROM ad_spend FINAL ORDER BY advertiser, day',
      )
    ).map((r) => [r.advertiser, r.day, Number(r.spend).toFixed(2)]);
  const reportSpend = async () => {
    const res = await call('GET', '/api/reports?groupBy=campaign&startDate=2026-04-09&endDate=2026-04-13');
    expect(res.statusCode).toBe(200);
    return (res.json() as ReportResponse).totals.spend;
  };
  const campaignDay = async (campaignId: string, date: string) => {
    const [row] = await stores.entities.db
      .select()
      .from(schema.tiktokSpend)
      .where(and(eq(schema.tiktokSpend.tiktokCampaignId, campaignId), eq(schema.tiktokSpend.date, date)));
    return row!;
  };
  /** Waits until the api's re-expression jobs so far have run on the workers. */
  const reexpressed = async () => {
    reexpressions += 1;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const counts = (await queue.counts()).filter((c) => c.name === SPEND_REEXPRESS_JOB);
      const count = (status: string) => counts.find((c) => c.status === status)?.count ?? 0;
      if (count('failed') > 0) throw new Error('a spend re-expression job failed');
      if (count('completed') >= reexpressions && count('waiting') + count('active') + count('delayed') === 0) return;
      if (Date.now() > deadline) throw new Error(`re-expression job ${reexpressions} did not finish: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    stores = await open();
    queue = stores.queue!;
    tiktok = await startFakeTiktokReporting();
    for (const account of ACCOUNTS) tiktok.addAdvertiser(account);
    for (const [advertiserId, date, spend] of SPEND) tiktok.setSpend(advertiserId, { date, campaignId: `c-${advertiserId}`, spend, impressions: 100 });
    // Published up to Friday 10 April: Monday the 13th is not out yet.
    ecb = await startFakeEcbServer({ days: FAKE_ECB_DAYS.filter((d) => d.day <= '2026-04-10') });
    registerProcessors(queue, { db: stores.entities.db, analytics: stores.analytics, secretsKey, tiktokApiUrl: tiktok.url, outgoing: LOCAL_FAKES_OUTGOING, logger, now: () => NOW });
    await queue.start();
    app = createHttpServer({ logger, trustProxy: false });
    await registerApi(app, {
      db: stores.entities.db,
      analytics: stores.analytics,
      changes: stores.entities.changes,
      sessionSecret: 'c'.repeat(32),
      secretsKey,
      tiktokApiUrl: tiktok.url,
      outgoing: LOCAL_FAKES_OUTGOING,
      queue,
      logger,
      webDist: '/nonexistent',
    });
    await app.ready();
    await stores.entities.db.insert(schema.users).values({ username: 'fx-admin', password: await hashPassword('fx-password'), role: 'admin' });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'fx-admin', password: 'fx-password' }, headers: { origin: 'http://localhost:80' } });
    admin = String(login.headers['set-cookie']).split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await tiktok?.close();
    await ecb?.close();
    await stores?.close();
  });

  test('each account\'s spend is converted into USD at its own day\'s rate, with the evidence kept; Saturday and Sunday read Friday\'s rate', async () => {
    expect(await fetchRates('2026-04-11')).toMatchObject({ file: 'eurofxref-hist-90d.xml', latestDay: '2026-04-10', spend: { advertiserDays: 0, waiting: 0 } });
    for (const account of ACCOUNTS) {
      const added = await call('POST', '/api/tiktok/accounts', { advertiserId: account.advertiserId, accessToken: account.accessToken });
      expect(added.json()).toMatchObject({ currency: account.currency });
      const synced = await call('POST', `/api/tiktok/accounts/${(added.json() as TiktokAccountView).id}/sync`, { startDate: '2026-04-09', endDate: '2026-04-13' });
      expect(synced.statusCode).toBe(200);
    }
    // [spend, in, original, in, rate, rate day, waiting]
    expect(await evidence('8101', '2026-04-09')).toEqual(['10.00', 'USD', '10.00', 'USD', null, null, false]);
    // 100 EUR at 1.0861 USD per EUR.
    expect(await evidence('8102', '2026-04-09')).toEqual(['108.61', 'USD', '100.00', 'EUR', 1.0861, '2026-04-09', false]);
    // Saturday the 11th: Friday's 1.0850.
    expect(await evidence('8102', '2026-04-11')).toEqual(['21.70', 'USD', '20.00', 'EUR', 1.085, '2026-04-10', false]);
    // 12345 JPY at 1.0861 / 162.31 (82.6073…), one rounding; Sunday the 12th at Friday's cross rate.
    expect(await evidence('8103', '2026-04-09')).toEqual(['82.61', 'USD', '12345.00', 'JPY', 0.00669152, '2026-04-09', false]);
    expect(await evidence('8103', '2026-04-10')).toEqual(['6.68', 'USD', '1000.00', 'JPY', 0.00668103, '2026-04-10', false]);
    expect(await evidence('8103', '2026-04-12')).toEqual(['3.34', 'USD', '500.00', 'JPY', 0.00668103, '2026-04-10', false]);
    // The campaign-day record holds the same, with the original sum.
    expect(await campaignDay('c-8102', '2026-04-09')).toMatchObject({ spend: '108.61', originalSpend: '100.00', originalCurrency: 'EUR', spendCurrency: 'USD', fxRateDay: '2026-04-09', fxPending: false });
  });

  test('Monday\'s euro spend waits for Monday\'s rate: 0 in reports, shown as waiting; the dollar spend of Monday counts', async () => {
    expect(await evidence('8102', '2026-04-13')).toEqual(['0.00', 'USD', '50.00', 'EUR', null, null, true]);
    expect(await evidence('8101', '2026-04-13')).toEqual(['7.00', 'USD', '7.00', 'USD', null, null, false]);
    expect(await campaignDay('c-8102', '2026-04-13')).toMatchObject({ spend: '0.00', originalSpend: '50.00', fxPending: true });
    expect(await mirrored()).toEqual([
      ['8101', '2026-04-09', '10.00'],
      ['8101', '2026-04-11', '5.00'],
      ['8101', '2026-04-13', '7.00'],
      ['8102', '2026-04-09', '108.61'],
      ['8102', '2026-04-11', '21.70'],
      ['8102', '2026-04-13', '0.00'],
      ['8103', '2026-04-09', '82.61'],
      ['8103', '2026-04-10', '6.68'],
      ['8103', '2026-04-12', '3.34'],
    ]);
    // 22.00 USD + 130.31 from euros + 92.63 from yen; the 50 EUR of Monday left out.
    expect(await reportSpend()).toBe('244.94');
    const freshness = (await call('GET', '/api/tiktok/spend/freshness')).json() as SpendFreshness;
    expect(freshness).toMatchObject({ currency: 'USD', waitingForRates: [{ currency: 'EUR', day: '2026-04-13', amount: '50.00', rows: 1 }] });
    // The account card's latest rate: of the newest converted row (the waiting Monday has none); none for dollars.
    expect(await latestRates()).toEqual([
      ['8101', null],
      ['8102', { rate: '1.085', day: '2026-04-10' }],
      ['8103', { rate: '0.00668103', day: '2026-04-10' }],
    ]);
  });

  test('a re-sync keeps a waiting row waiting, with the new figure', async () => {
    tiktok.setSpend('8102', { date: '2026-04-13', campaignId: 'c-8102', spend: '60.00', impressions: 100 });
    const [account] = await stores.entities.db.select().from(schema.tiktokAccounts).where(eq(schema.tiktokAccounts.advertiserId, '8102'));
    expect((await call('POST', `/api/tiktok/accounts/${account!.id}/sync`, { startDate: '2026-04-13', endDate: '2026-04-13' })).statusCode).toBe(200);
    expect(await evidence('8102', '2026-04-13')).toEqual(['0.00', 'USD', '60.00', 'EUR', null, null, true]);
    tiktok.setSpend('8102', { date: '2026-04-13', campaignId: 'c-8102', spend: '50.00', impressions: 100 });
    expect((await call('POST', `/api/tiktok/accounts/${account!.id}/sync`, { startDate: '2026-04-13', endDate: '2026-04-13' })).statusCode).toBe(200);
  });

  test('when Monday\'s rates arrive the fetch converts the waiting spend and mirrors it; nothing waits any more', async () => {
    ecb.days.push({ ...FAKE_ECB_DAYS.find((d) => d.day === '2026-04-13')!, rates: { ...FAKE_ECB_DAYS.find((d) => d.day === '2026-04-13')!.rates } });
    expect(await fetchRates('2026-04-13')).toMatchObject({ file: 'eurofxref-daily.xml', latestDay: '2026-04-13', spend: { advertiserDays: 1, waiting: 0 } });
    // 50 EUR at 1.0902.
    expect(await evidence('8102', '2026-04-13')).toEqual(['54.51', 'USD', '50.00', 'EUR', 1.0902, '2026-04-13', false]);
    expect((await mirrored()).find((r) => r[0] === '8102' && r[1] === '2026-04-13')).toEqual(['8102', '2026-04-13', '54.51']);
    expect(await reportSpend()).toBe('299.45');
    expect((await latestRates())[1]).toEqual(['8102', { rate: '1.0902', day: '2026-04-13' }]);
    expect(((await call('GET', '/api/tiktok/spend/freshness')).json() as SpendFreshness).waitingForRates).toEqual([]);
  });

  test('the workspace currency changed: stored spend is re-expressed at the stored rates (EUR, then whole yen, then back to USD to the cent)', async () => {
    expect((await call('POST', '/api/settings', { key: 'currency', value: 'EUR' })).statusCode).toBe(200);
    await reexpressed();
    expect(await evidence('8101', '2026-04-09')).toEqual(['9.21', 'EUR', '10.00', 'USD', 0.92072553, '2026-04-09', false]);
    expect(await evidence('8102', '2026-04-09')).toEqual(['100.00', 'EUR', '100.00', 'EUR', null, null, false]);
    expect(await evidence('8103', '2026-04-09')).toEqual(['76.06', 'EUR', '12345.00', 'JPY', 0.00616105, '2026-04-09', false]);
    // USD 20.24 + EUR 170.00 + JPY 85.30.
    expect(await reportSpend()).toBe('275.54');

    expect((await call('POST', '/api/settings', { key: 'currency', value: 'JPY' })).statusCode).toBe(200);
    await reexpressed();
    expect(await evidence('8102', '2026-04-09')).toEqual(['16231.00', 'JPY', '100.00', 'EUR', 162.31, '2026-04-09', false]);
    expect(await evidence('8103', '2026-04-12')).toEqual(['500.00', 'JPY', '500.00', 'JPY', null, null, false]);
    expect(await reportSpend()).toBe('44766.00');

    expect((await call('POST', '/api/settings', { key: 'currency', value: 'USD' })).statusCode).toBe(200);
    await reexpressed();
    expect(await evidence('8102', '2026-04-13')).toEqual(['54.51', 'USD', '50.00', 'EUR', 1.0902, '2026-04-13', false]);
    expect(await reportSpend()).toBe('299.45');
  });

  test('a manual rate for a day converts that day\'s spend again at it', async () => {
    expect((await call('PUT', '/api/fx-rates/2026-04-09/USD', { rate: '1.2' })).statusCode).toBe(200);
    await reexpressed();
    expect(await evidence('8102', '2026-04-09')).toEqual(['120.00', 'USD', '100.00', 'EUR', 1.2, '2026-04-09', false]);
    // 12345 JPY at 1.2 / 162.31.
    expect(await evidence('8103', '2026-04-09')).toEqual(['91.27', 'USD', '12345.00', 'JPY', 0.00739326, '2026-04-09', false]);
    expect(await reportSpend()).toBe((299.45 + 11.39 + 8.66).toFixed(2));
  });
}

describe('Spend in any currency [embedded: PGlite, chDB, in-process queue]', () => {
  spendCurrencies(() => openPipelineStores('embedded', { name: 'currencies', queue: true }));
});

describeWithRealEngine('KAFKA_BROKERS', 'Spend in any currency on PostgreSQL', () => {
  spendCurrencies(() => openPipelineStores('real', { name: 'currencies', queue: true }));
});
