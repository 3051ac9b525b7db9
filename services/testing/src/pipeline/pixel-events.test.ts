// Conversion pixel events end to end: a click with a ttclid, an approved postback, the projector's
// job, the worker's call to a local fake of TikTok's Events API, and the history it leaves.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createHttpServer, createLogger, encryptSecret, schema, type Analytics, type Entities, type EventLog, type JobQueue } from '@tracker/core';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { startProjector, type Projector } from '@tracker/projector';
import { registerProcessors } from '@tracker/workers';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokServer, type FakeTiktokServer } from '../fakes/tiktok-server';
import { openPipelineStores, type PipelineStores } from './open-pipeline-stores';
import { waitForProjection } from './wait-for-projection';

const logger = createLogger('silent');
const secretsKey = Buffer.alloc(32, 3);
let stores: PipelineStores;
let entities: Entities;
let analytics: Analytics;
let eventLog: EventLog;
let queue: JobQueue;
let tiktok: FakeTiktokServer;
let app: FastifyInstance;
let ingest: Ingest;
let projector: Projector;

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  stores = await openPipelineStores('embedded', { name: 'pixel', queue: true });
  ({ entities, analytics, eventLog } = stores);
  queue = stores.queue!;
  tiktok = await startFakeTiktokServer({ accessTokens: ['pixel-token-1'] });
  registerProcessors(queue, { db: entities.db, analytics, secretsKey, tiktokApiUrl: tiktok.url, outgoing: LOCAL_FAKES_OUTGOING, logger });
  await queue.start();

  const db = entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://lander.example/' }).returning();
  const [pixel] = await db
    .insert(schema.tiktokPixels)
    .values({ name: 'Main', pixelId: 'CPIXEL123', accessToken: encryptSecret(secretsKey, 'pixel-token-1') })
    .returning();
  await db.insert(schema.campaigns).values([
    { id: 'cmpPixel', name: 'With pixel', landerId: lander!.id, tiktokPixelId: pixel!.id, defaultTiktokEvent: 'PlaceAnOrder' },
    { id: 'cmpPlain', name: 'No pixel', landerId: lander!.id },
  ]);
  app = createHttpServer({ logger, trustProxy: false });
  ingest = await registerIngest(app, { db, changes: entities.changes, eventLog, analytics, logger });
  await app.ready();
  projector = await startProjector({ eventLog, analytics, db, queue, logger }, { maxWaitMs: 10, parkedRetryMs: 0 });
});

afterAll(async () => {
  await projector.stop();
  ingest.stop();
  await app.close();
  await tiktok.close();
  await stores.close();
});

async function clickAndConvert(campaignId: string, ttclid: string, status = 'approved') {
  const res = await app.inject({
    method: 'GET',
    url: `/r/${campaignId}`,
    query: { ttclid },
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) TikTok', 'x-forwarded-for': '203.0.113.9' },
  });
  const clickId = new URL(String(res.headers.location)).searchParams.get('clickId')!;
  const postback = (s: string) =>
    app.inject({
      method: 'GET',
      url: '/postback',
      query: { key: ingest.catalog.current.postbackKey, transaction_id: `tx-${ttclid}`, click_id: clickId, payout: '24.90', status: s },
    });
  expect((await postback(status)).statusCode).toBe(200);
  return { clickId, postback };
}

test('an approved conversion on a campaign with a pixel reaches TikTok once, with the click and payout', async () => {
  const { clickId, postback } = await clickAndConvert('cmpPixel', 'ttclid-A');
  const request = await until('the pixel event', () => tiktok.requests.find((r) => JSON.stringify(r.body).includes('tx-ttclid-A')));
  expect(request.headers['access-token']).toBe('pixel-token-1');
  expect(request.body).toMatchObject({
    event_source: 'web',
    event_source_id: 'CPIXEL123',
    data: [
      {
        event: 'PlaceAnOrder',
        event_id: 'tx-ttclid-A',
        user: { ttclid: 'ttclid-A', user_agent: 'Mozilla/5.0 (iPhone) TikTok' },
        properties: { value: 24.9, currency: 'USD' },
      },
    ],
  });
  expect(clickId).toBeTruthy();

  // The same postback again, and a second approval, send nothing more.
  await postback('approved');
  await waitForProjection(eventLog, 'projector');
  await new Promise((r) => setTimeout(r, 500));
  expect(tiktok.requests.filter((r) => JSON.stringify(r.body).includes('tx-ttclid-A'))).toHaveLength(1);

  const history = await entities.db.select().from(schema.tiktokPixelEventHistory);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ eventName: 'PlaceAnOrder', status: 'success' });
  expect(JSON.stringify(history[0]!.requestPayload)).not.toContain('pixel-token-1');
});

test('throttling (code 40100 with HTTP 200) is retried until TikTok takes the event', async () => {
  tiktok.answerNext({ code: 40100, httpStatus: 200 });
  await clickAndConvert('cmpPixel', 'ttclid-B');
  await until(
    'a successful retry',
    async () => {
      const rows = await entities.db.select().from(schema.tiktokPixelEventHistory);
      const mine = rows.filter((r) => (r.message ?? '').includes('tx-ttclid-B'));
      return mine.some((r) => r.status === 'success') ? mine : undefined;
    },
    30_000,
  );
  const mine = (await entities.db.select().from(schema.tiktokPixelEventHistory)).filter((r) =>
    (r.message ?? '').includes('tx-ttclid-B'),
  );
  expect(mine.map((r) => r.status)).toEqual(['error', 'success']);
});

test('a pending conversion sends nothing until it is approved; a campaign without a pixel never does', async () => {
  const { postback } = await clickAndConvert('cmpPixel', 'ttclid-C', 'pending');
  await clickAndConvert('cmpPlain', 'ttclid-D');
  await waitForProjection(eventLog, 'projector');
  await new Promise((r) => setTimeout(r, 500));
  const sent = () => tiktok.requests.map((r) => JSON.stringify(r.body));
  expect(sent().some((b) => b.includes('tx-ttclid-C') || b.includes('tx-ttclid-D'))).toBe(false);

  await postback('approved');
  await until('the approval event', () => sent().find((b) => b.includes('tx-ttclid-C')));
  const [ledger] = await entities.db
    .select()
    .from(schema.postbackConversions)
    .where(eq(schema.postbackConversions.transactionId, 'tx-ttclid-C'));
  expect(ledger!.status).toBe('approved');
});
