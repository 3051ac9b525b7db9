// Metrics as a scrape sees them: the lag gauges over a real embedded log, a store that fails its read,
// and the /metrics and /readyz routes' access rules and answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { openEmbeddedLog } from '../eventlog/embedded-log';
import { createHttpServer } from '../http/create-http-server';
import { registerMetricsRoute, registerReadiness } from '../http/probes';
import { createLogger } from '../logger';
import { createMetrics, instrumentHttp, observePublishes } from './metrics';
import { addConsumerLagGauges } from './store-gauges';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const logger = createLogger('silent');

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('projector lag', () => {
  test('counts unprojected events and bounds their age by the last projected record and the last caught-up scrape', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-log-'));
    dirs.push(dir);
    const log = await openEmbeddedLog({ dir });
    try {
      const metrics = createMetrics();
      let now = 1_000_000;
      const projectedUpTo = new Map<number, number>();
      addConsumerLagGauges(metrics, log, { group: 'g', projectedUpTo }, () => now);
      const scrape = async () => {
        const { body } = await metrics.render();
        await new Promise((r) => setTimeout(r, 120)); // past the shared read of one scrape
        return body;
      };

      let text = await scrape();
      expect(sample(text, 'tracker_projector_lag_events')).toBe(0);
      expect(sample(text, 'tracker_projector_lag_seconds')).toBe(0);

      await observePublishes(log, metrics).publish([{ key: 'a', value: Buffer.from('x'), timestamp: now }]);
      now += 30_000;
      text = await scrape();
      expect(sample(text, 'tracker_projector_lag_events')).toBe(1);
      // Caught up 30 s ago at the last scrape, nothing projected since: at most 30 s behind.
      expect(sample(text, 'tracker_projector_lag_seconds')).toBe(30);
      projectedUpTo.set(0, now - 4_000);
      expect(sample(await scrape(), 'tracker_projector_lag_seconds')).toBe(4);
      expect(sample(text, 'tracker_log_publish_duration_seconds_count{outcome="ok"}')).toBe(1);
    } finally {
      await log.close();
    }
  });
});

describe('scraped gauges', () => {
  test('a store that fails its read reads unknown, not 0, and the rest of the scrape stays intact', async () => {
    const metrics = createMetrics();
    metrics.addGauge({ name: 'broken', help: 'fails', read: () => Promise.reject(new Error('db down')) });
    metrics.addGauge({
      name: 'broken_by_label',
      help: 'fails',
      labelNames: ['state'] as const,
      read: () => Promise.reject(new Error('db down')),
    });
    metrics.addGauge({ name: 'fine', help: 'works', read: async () => [{ value: 7 }] });
    const { body } = await metrics.render();
    expect(sample(body, 'fine')).toBe(7);
    expect(sample(body, 'broken')).toBeNaN();
    expect(body).not.toMatch(/^broken_by_label\{/m);
  });
});

describe('HTTP instruments', () => {
  test('answers counted once per route pattern, method and status (a GET route\'s HEAD too), unmatched ones apart; click routes timed into cumulative buckets', async () => {
    const metrics = createMetrics();
    const app = createHttpServer({ logger, trustProxy: false });
    instrumentHttp(app, metrics);
    app.get('/r/:campaignId', async (request, reply) =>
      (request.params as { campaignId: string }).campaignId === 'slow'
        ? new Promise((resolve) => setTimeout(() => resolve(reply.redirect('https://lander.example/', 302)), 30))
        : reply.redirect('https://lander.example/', 302),
    );
    app.get('/api/things', async () => ({ ok: true }));
    for (const url of ['/r/a', '/r/b', '/r/slow', '/api/things', '/nowhere', '/nowhere/else']) await app.inject({ url });
    await app.inject({ url: '/r/a', method: 'HEAD' });
    const { body } = await metrics.render();

    expect(sample(body, 'tracker_http_requests_total{method="GET",route="/r/:campaignId",status="302"}')).toBe(3);
    expect(sample(body, 'tracker_http_requests_total{method="HEAD",route="/r/:campaignId",status="302"}')).toBe(1);
    expect(sample(body, 'tracker_http_requests_total{method="GET",route="/api/things",status="200"}')).toBe(1);
    expect(sample(body, 'tracker_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    // Four click answers, one of them slower than 25 ms: counted in the buckets from 0.05 up, and in +Inf.
    expect(sample(body, 'tracker_redirect_duration_seconds_count{route="/r/:campaignId"}')).toBe(4);
    expect(sample(body, 'tracker_redirect_duration_seconds_bucket{le="+Inf",route="/r/:campaignId"}')).toBe(4);
    expect(sample(body, 'tracker_redirect_duration_seconds_bucket{le="2.5",route="/r/:campaignId"}')).toBe(4);
    expect(sample(body, 'tracker_redirect_duration_seconds_bucket{le="0.025",route="/r/:campaignId"}')).toBe(3);
    expect(sample(body, 'tracker_redirect_duration_seconds_sum{route="/r/:campaignId"}')).toBeGreaterThanOrEqual(0.03);
    expect(body).not.toContain('tracker_redirect_duration_seconds_count{route="/api/things"}');
    expect(body).toContain('# TYPE tracker_redirect_duration_seconds histogram');

    // A second scrape: the counter keeps its totals and adds only what came since.
    await app.inject({ url: '/r/c' });
    const again = (await metrics.render()).body;
    expect(sample(again, 'tracker_http_requests_total{method="GET",route="/r/:campaignId",status="302"}')).toBe(4);
    expect(sample(again, 'tracker_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(sample(again, 'tracker_redirect_duration_seconds_count{route="/r/:campaignId"}')).toBe(5);
  });
});

describe('/metrics access', () => {
  const build = (access: Parameters<typeof registerMetricsRoute>[2]) => {
    const app = createHttpServer({ logger, trustProxy: true });
    registerMetricsRoute(app, createMetrics(), access);
    return app;
  };

  test('a token guards it: no header or a wrong token is 401, the right one scrapes', async () => {
    const app = build({ kind: 'token', token: 'a-long-metrics-token' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-tokeX' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.' });
    const right = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token' } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('# TYPE tracker_http_requests_total counter');
  });

  test('without a token or port only this machine may scrape, whatever X-Forwarded-For claims', async () => {
    const app = build({ kind: 'loopback' });
    expect((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toMatch(/set METRICS_TOKEN or METRICS_PORT/);
  });
});

describe('/readyz', () => {
  test('503 naming the failed store, without its error text; a hung store fails after the bound', async () => {
    const app = createHttpServer({ logger, trustProxy: false });
    registerReadiness(
      app,
      {
        entities: async () => 1,
        analytics: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:8123 password=hunter2')),
        queue: () => new Promise(() => {}),
      },
      logger,
    );
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, checks: { entities: 'ok', analytics: 'failed', queue: 'failed' } });
    expect(res.body).not.toContain('hunter2');
  });
});
