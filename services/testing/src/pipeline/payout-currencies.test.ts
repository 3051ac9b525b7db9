// Payouts in another currency end to end (docs/currencies.md, "Payouts"): a click and postbacks of an offer
// paying in euros through the ingest, decided by the projector, read by the api. With no rate for the day the
// conversion waits (left out of revenue, shown in the freshness summary and the conversion log); once an
// admin enters the day's rate it is counted converted, and a revised payout takes the same day's rate.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createHttpServer, createLogger, reexpressPayouts, schema } from '@tracker/core';
import { hashPassword, registerApi } from '@tracker/api';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { startProjector, type Projector } from '@tracker/projector';
import type { ConversionLogResponse, ReportResponse, SpendFreshness } from '@tracker/schemas';
import { openPipelineStores, type PipelineStores } from './open-pipeline-stores';
import { waitForProjection } from './wait-for-projection';

const logger = createLogger('silent');
let stores: PipelineStores;
let app: FastifyInstance;
let ingest: Ingest;
let projector: Projector;
let admin: string;
const today = new Date().toISOString().slice(0, 10);
let clickId: string;

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { cookie: admin } });
  expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
  return res.json() as T;
};
const totals = async () => (await get<ReportResponse>(`/api/reports?startDate=${today}&endDate=${today}`)).totals;
const revenue = async () => (await totals()).revenue;
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin, origin: 'http://localhost:80' } });
const logRows = async () => (await get<ConversionLogResponse>(`/api/conversions?startDate=${today}&endDate=${today}`)).rows;

async function postback(payout: string, status: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/postback',
    query: { key: ingest.catalog.current.postbackKey, transaction_id: 'tx-euro', click_id: clickId, payout, status },
  });
  expect(res.statusCode).toBe(200);
  await waitForProjection(stores.eventLog, 'projector');
}

beforeAll(async () => {
  stores = await openPipelineStores('embedded', { name: 'payoutfx' });
  const db = stores.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://lander.example/' }).returning();
  const [offer] = await db.insert(schema.offers).values({ name: 'Euro offer', url: 'https://offer.example/', payoutCurrency: 'EUR' }).returning();
  await db.insert(schema.campaigns).values({ id: 'cmpEuro', name: 'Euro campaign', landerId: lander!.id, offerId: offer!.id });
  await db.insert(schema.users).values({ username: 'fx-admin', password: await hashPassword('fx-password'), role: 'admin' });
  app = createHttpServer({ logger, trustProxy: false });
  ingest = await registerIngest(app, { db, changes: stores.entities.changes, eventLog: stores.eventLog, analytics: stores.analytics, logger });
  await registerApi(app, {
    db, analytics: stores.analytics, changes: stores.entities.changes, sessionSecret: 'f'.repeat(32),
    secretsKey: Buffer.alloc(32, 5), tiktokApiUrl: 'http://127.0.0.1:9', logger, webDist: '/nonexistent',
  });
  await app.ready();
  projector = await startProjector({ eventLog: stores.eventLog, analytics: stores.analytics, db, logger }, { maxWaitMs: 10, parkedRetryMs: 0 });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'fx-admin', password: 'fx-password' } });
  admin = String(login.headers['set-cookie']).split(';')[0]!;
  const click = await app.inject({ method: 'GET', url: '/r/cmpEuro', headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
  clickId = new URL(String(click.headers.location)).searchParams.get('clickId')!;
  await waitForProjection(stores.eventLog, 'projector');
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  ingest?.stop();
  await app?.close();
  await stores?.close();
});

test('a euro payout without its day rate waits, shown and never summed; with the rate it counts converted, its revision too', async () => {
  await postback('10.00', 'approved');
  expect(await revenue()).toBe('0.00');
  // CAKE reports the same conversion: the parked postback covers its click, so CAKE's figure does not stand in.
  await stores.entities.db.insert(schema.cakeConversions).values({ conversionId: 'cake-euro', conversionDate: new Date(), subid2: clickId, revenue: '9.99' });
  expect(await totals()).toMatchObject({ revenue: '0.00', conversions: 0 });
  const waiting = await get<SpendFreshness>('/api/tiktok/spend/freshness');
  expect(waiting.payoutsWaitingForRates).toEqual([{ currency: 'EUR', day: today, amount: '10.00', conversions: 1 }]);
  expect((await logRows()).map((r) => [r.outcome, r.payout, r.payoutCurrency, r.waitingForRate])).toEqual([
    ['parked', '10.00', 'EUR', { currency: 'EUR', day: today }],
  ]);

  // An admin enters today's rate: 1 EUR = 1.2 USD.
  expect((await send('PUT', `/api/fx-rates/${today}/USD`, { rate: '1.2' })).statusCode).toBe(200);
  expect(await projector.retryParked()).toBe(1);
  expect(await revenue()).toBe('12.00');
  expect((await get<SpendFreshness>('/api/tiktok/spend/freshness')).payoutsWaitingForRates).toEqual([]);
  expect((await logRows()).map((r) => [r.outcome, r.waitedForRate, r.waitingForRate])).toEqual([['new', true, null]]);

  await postback('15.00', 'approved');
  expect(await revenue()).toBe('18.00');
  const [latest] = await logRows();
  expect(latest).toMatchObject({
    outcome: 'revised',
    payout: '15.00',
    payoutCurrency: 'EUR',
    currentPayout: '18.00',
    conversion: { originalPayout: '15.00', originalCurrency: 'EUR', rate: '1.2', rateDay: today },
  });
}, 120_000);

test('the workspace currency changed: converted payouts are re-expressed from what the network paid, a day without a rate counts 0 until it has one', async () => {
  const reexpress = (days?: string[]) => reexpressPayouts(stores.entities.db, stores.analytics, { days });
  const ledger = async () =>
    (await stores.entities.db.select().from(schema.postbackConversions)).map((l) => [l.payout, l.payoutCurrency, l.originalPayout, l.originalCurrency, l.fxPending]);

  // Euros: the network's own amount, no rate.
  expect((await send('POST', '/api/settings', { key: 'currency', value: 'EUR' })).statusCode).toBe(200);
  expect(await reexpress()).toEqual({ transactions: 1, waiting: 0 });
  expect(await totals()).toMatchObject({ revenue: '15.00', conversions: 1 });
  expect(await ledger()).toEqual([['15.00', 'EUR', null, null, false]]);

  // Yen, with no yen rate for the day: still one conversion, counted at 0 until the rate is there.
  expect((await send('POST', '/api/settings', { key: 'currency', value: 'JPY' })).statusCode).toBe(200);
  expect(await reexpress()).toEqual({ transactions: 1, waiting: 1 });
  expect(await totals()).toMatchObject({ revenue: '0.00', conversions: 1 });
  expect(await ledger()).toEqual([['0.00', 'JPY', '15.00', 'EUR', true]]);
  expect((await send('PUT', `/api/fx-rates/${today}/JPY`, { rate: '160.5' })).statusCode).toBe(200);
  expect(await reexpress([today])).toEqual({ transactions: 1, waiting: 0 });
  expect(await totals()).toMatchObject({ revenue: '2408.00', conversions: 1 }); // 15 × 160.5 = 2407.5 → 2408 yen
  // Nothing left to do: a second run writes nothing.
  expect(await reexpress([today])).toEqual({ transactions: 0, waiting: 0 });

  // Back to dollars, to the cent of the first conversion.
  expect((await send('POST', '/api/settings', { key: 'currency', value: 'USD' })).statusCode).toBe(200);
  expect(await reexpress()).toEqual({ transactions: 1, waiting: 0 });
  expect(await totals()).toMatchObject({ revenue: '18.00', conversions: 1 });
  expect(await ledger()).toEqual([['18.00', 'USD', '15.00', 'EUR', false]]);

  // A revision after all that undoes exactly the current row.
  await postback('20.00', 'approved');
  expect(await totals()).toMatchObject({ revenue: '24.00', conversions: 1 });
}, 120_000);
