// The CAKE sync end to end: an admin saves the network's settings (the key sealed and
// never sent back), 'Sync now' runs the job on the queue against a local fake of CAKE's affiliate API,
// and the rows land in cake_conversions and cake_stats on their unique keys: every page, ≤ 28-day
// windows, a revised figure replaced on re-pull, and a refused key on the card. Embedded engines, and
// PostgreSQL and Kafka when their URLs are set.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createHttpServer, createLogger, schema } from '@tracker/core';
import { describeWithRealEngine } from '@tracker/core/testing';
import { hashPassword, registerApi } from '@tracker/api';
import { registerProcessors } from '@tracker/workers';
import type { CakeIntegration, CakeStatsRow, CakeSyncResult } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeCakeServer, type FakeCakeServer } from '../fakes/cake-server';
import { openPipelineStores, type PipelineStores } from '../pipeline/open-pipeline-stores';

const logger = createLogger('silent');

function cakeSync(open: () => Promise<PipelineStores>) {
  let stores: PipelineStores;
  let cake: FakeCakeServer;
  let app: FastifyInstance;
  let cookie = '';
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie, ...(method === 'GET' ? {} : { origin: 'http://localhost:80' }) } });

  beforeAll(async () => {
    stores = await open();
    cake = await startFakeCakeServer();
    const secretsKey = Buffer.alloc(32, 5);
    registerProcessors(stores.queue!, { db: stores.entities.db, analytics: stores.analytics, secretsKey, tiktokApiUrl: 'http://127.0.0.1:9', outgoing: LOCAL_FAKES_OUTGOING, logger });
    await stores.queue!.start();
    app = createHttpServer({ logger, trustProxy: false });
    await registerApi(app, {
      db: stores.entities.db,
      analytics: stores.analytics,
      changes: stores.entities.changes,
      sessionSecret: 'c'.repeat(32),
      secretsKey,
      tiktokApiUrl: 'http://127.0.0.1:9',
      outgoing: LOCAL_FAKES_OUTGOING,
      logger,
      webDist: '/nonexistent',
      queue: stores.queue,
    });
    await app.ready();
    await stores.entities.db.insert(schema.users).values({ username: 'cake-admin', password: await hashPassword('cake-password'), role: 'admin' });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'cake-admin', password: 'cake-password' } });
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await stores?.queue?.close();
    await cake?.close();
    await stores?.close();
  });

  test('before any settings, a sync is a 400 and the card says not configured', async () => {
    expect((await call('GET', '/api/integrations/cake')).json()).toMatchObject({ configured: false, apiKeyMasked: '' });
    const res = await call('POST', '/api/integrations/cake/sync', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'CAKE is not configured: save its base URL, API key and affiliate id first' });
  });

  test('settings: the key is stored sealed and only its last 4 characters come back; a blank key keeps it', async () => {
    const saved = await call('PUT', '/api/integrations/cake', { baseUrl: cake.url, apiKey: cake.apiKey, affiliateId: cake.affiliateId });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(cake.apiKey);
    expect(saved.json()).toMatchObject({ configured: true, baseUrl: `${cake.url}/`, affiliateId: cake.affiliateId, apiKeyMasked: '••••1234' });
    const [row] = await stores.entities.db.select().from(schema.cakeIntegration);
    expect(row!.apiKeyEncrypted).not.toContain(cake.apiKey);
    expect((await call('PUT', '/api/integrations/cake', { baseUrl: cake.url, apiKey: '', affiliateId: cake.affiliateId })).json()).toMatchObject({ apiKeyMasked: '••••1234' });
    expect((await call('PUT', '/api/integrations/cake', { baseUrl: 'ftp://x', apiKey: 'k', affiliateId: '1' })).statusCode).toBe(400);
  });

  test('a sync pulls every page of conversions and the per-day sub-id stats, in windows of at most 28 days', async () => {
    cake.conversions = Array.from({ length: 1203 }, (_, i) => ({
      conversion_id: `cv-${i}`,
      conversion_date: new Date(Date.parse('2026-02-01T00:00:00Z') + i * 1_800_000).toISOString(),
      offer_id: 77,
      offer_name: 'Net offer',
      price: 2.5,
      subid_1: i % 2 === 0 ? 'mia' : 'zoe',
      subid_2: `click-${i}`,
    }));
    cake.stats = [
      { date: '2026-02-01', offer_id: 77, offer_name: 'Net offer', sub_id: 'mia', clicks: 40, conversions: 12, revenue: 30 },
      { date: '2026-02-01', offer_id: 77, offer_name: 'Net offer', sub_id: 'zoe', clicks: 20, conversions: 12, revenue: 30 },
      { date: '2026-03-05', offer_id: 78, offer_name: 'Other', sub_id: 'mia', clicks: 5, conversions: 1, revenue: 1.25 },
    ];
    cake.requests.length = 0;
    const res = await call('POST', '/api/integrations/cake/sync', { startDate: '2026-02-01', endDate: '2026-03-12' });
    expect(res.statusCode).toBe(200);
    const result = res.json() as CakeSyncResult;
    expect(result).toMatchObject({ startDate: '2026-02-01', endDate: '2026-03-12', conversionRows: 1203, statsRows: 3, rows: 1206 });
    expect(await stores.entities.db.$count(schema.cakeConversions)).toBe(1203);
    const windows = cake.requests.filter((r) => r.path.endsWith('/Conversions'));
    expect(windows.map((r) => [r.query.start_date, r.query.end_date, r.query.start_at_row])).toEqual([
      ['2026-02-01', '2026-03-01', '1'],
      ['2026-02-01', '2026-03-01', '1001'],
      ['2026-03-01', '2026-03-13', '1'],
    ]);
    const stats = (await call('GET', '/api/cake/stats?startDate=2026-02-01&endDate=2026-03-12')).json() as CakeStatsRow[];
    expect(stats.map((s) => [s.date, s.offerId, s.subid1, s.clicks, s.revenue])).toEqual([
      ['2026-03-05', '78', 'mia', 5, '1.25'],
      ['2026-02-01', '77', 'mia', 40, '30.00'],
      ['2026-02-01', '77', 'zoe', 20, '30.00'],
    ]);
    const card = (await call('GET', '/api/integrations/cake')).json() as CakeIntegration;
    expect(card).toMatchObject({ lastRows: 1206, lastError: null });
    expect(card.lastRunAt).not.toBeNull();
  });

  test('a re-pull of a revised day leaves exactly the new figures, never a sum', async () => {
    cake.stats = [{ date: '2026-02-01', offer_id: 77, offer_name: 'Net offer', sub_id: 'mia', clicks: 41, conversions: 13, revenue: 32.5 }];
    cake.conversions = [{ conversion_id: 'cv-0', conversion_date: '2026-02-01T00:00:00.000Z', offer_id: 77, offer_name: 'Net offer', price: 3, subid_1: 'mia', subid_2: 'click-0' }];
    expect((await call('POST', '/api/integrations/cake/sync', { startDate: '2026-02-01', endDate: '2026-02-01' })).statusCode).toBe(200);
    const stats = (await call('GET', '/api/cake/stats?startDate=2026-02-01&endDate=2026-02-01')).json() as CakeStatsRow[];
    expect(stats.find((s) => s.subid1 === 'mia')).toMatchObject({ clicks: 41, conversions: 13, revenue: '32.50' });
    expect(await stores.entities.db.$count(schema.cakeConversions)).toBe(1203);
    const [cv0] = await stores.entities.db.select().from(schema.cakeConversions).where(eq(schema.cakeConversions.conversionId, 'cv-0'));
    expect(cv0!.revenue).toBe('3.00');
  });

  test('a key CAKE refuses: the sync answers 502 with CAKE\'s reason, and the card shows it', async () => {
    await call('PUT', '/api/integrations/cake', { baseUrl: cake.url, apiKey: 'wrong-key', affiliateId: cake.affiliateId });
    const res = await call('POST', '/api/integrations/cake/sync', {});
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The CAKE sync failed: CAKE refused the call: Invalid API Key' });
    expect((await call('GET', '/api/integrations/cake')).json()).toMatchObject({ lastError: 'CAKE refused the call: Invalid API Key', lastRows: 0 });
    expect((await call('POST', '/api/integrations/cake/sync', { startDate: '2026-02-01' })).statusCode).toBe(400);
  });
}

describe('CAKE sync [embedded: PGlite]', () => {
  cakeSync(() => openPipelineStores('embedded', { name: 'cake', queue: true }));
});

describeWithRealEngine('DATABASE_URL', 'CAKE sync on PostgreSQL', () => {
  cakeSync(() => openPipelineStores('real', { name: 'cake', queue: true }));
});
