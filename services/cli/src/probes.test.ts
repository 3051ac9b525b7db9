// The probes and metrics of a whole `tracker all` process: what a Prometheus scrape and a Kubernetes
// probe see after real traffic, on the METRICS_PORT listener and on the main port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ensurePostbackKey, loadConfig, schema } from '@tracker/core';
import { openEntities } from '@tracker/core/testing';
import { runServices, type RunningServices } from './run-services';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-probes-'));
let running: RunningServices;

beforeAll(async () => {
  // The entity store starts from the migrated template (initdb costs seconds of CPU): these tests are about
  // what a scrape and a probe see, not a first start.
  await (await openEntities({ pgliteDir: path.join(dataDir, 'pg') })).close();
  running = await runServices(
    'all',
    loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
  );
}, 120_000);

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One sample's value from the exposition text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(): Promise<string> {
  const res = await fetch(`${running.metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

// Prometheus' own linter (Debian package prometheus). CI installs it; elsewhere its test is skipped, said so.
const promtoolFound = spawnSync('promtool', ['--version']).error === undefined;
const promtoolTest = promtoolFound || process.env.CI ? test : test.skip;
if (!promtoolFound && !process.env.CI) process.stderr.write('SKIP promtool check metrics: promtool is not installed (Debian package prometheus)\n');

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('tracker all with METRICS_PORT', () => {
  test('counts requests by route pattern and status, times the click routes and the log publishes', async () => {
    for (const id of ['nope-1', 'nope-2']) await fetch(`${running.url}/r/${id}?ttclid=abc`, { redirect: 'manual' });
    const key = await ensurePostbackKey(running.stores.entities!.db);
    const postback = await fetch(`${running.url}/postback?key=${key}&transaction_id=t1&click_id=0193a1b2-c3d4-7e5f-8a9b-00000000c11c&payout=1.50`);
    expect(postback.status).toBe(200);
    expect((await fetch(`${running.url}/postback?key=wrong&transaction_id=t&click_id=c&payout=1`)).status).toBe(403);

    // The projector parks the conversion before it commits the batch's offsets: wait for both.
    const text = await until(
      scrape,
      (t) => sample(t, 'tracker_parked_conversions{state="waiting"}') === 1 && sample(t, 'tracker_projector_lag_events') === 0,
      'the postback to be parked and its batch committed',
    );
    const redirects = text.split('\n').filter((l) => l.startsWith('tracker_http_requests_total{method="GET",route="/r/:campaignId"'));
    // The raw URL (with its click id) is never a label: two different ids are one series.
    expect(redirects).toHaveLength(1);
    expect(Number(redirects[0]!.split(' ')[1])).toBe(2);
    expect(sample(text, 'tracker_http_requests_total{method="GET",route="/postback",status="200"}')).toBe(1);
    expect(sample(text, 'tracker_http_requests_total{method="GET",route="/postback",status="403"}')).toBe(1);
    expect(sample(text, 'tracker_redirect_duration_seconds_count{route="/r/:campaignId"}')).toBe(2);
    expect(sample(text, 'tracker_redirect_duration_seconds_count{route="/postback"}')).toBeUndefined();
    expect(sample(text, 'tracker_log_publish_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(sample(text, 'tracker_projector_lag_events')).toBe(0);
    expect(sample(text, 'tracker_projector_lag_seconds')).toBe(0);
    expect(text).toMatch(/^tracker_queue_jobs\{name="[^"]+",state="waiting"\} 0$/m);
    expect(text).toMatch(/^tracker_process_resident_memory_bytes \d+/m);
  });

  test("each background sync's last success is a timestamp per source; one that never succeeded has no series", async () => {
    const db = running.stores.entities!.db;
    const succeededAt = new Date('2026-11-20T10:00:00Z');
    await db.insert(schema.tiktokAccounts).values([
      { advertiserId: '7001', name: 'A', accessToken: 'sealed', timezone: 'UTC', currency: 'USD', lastSuccessAt: succeededAt },
      { advertiserId: '7002', name: 'B', accessToken: 'sealed', timezone: 'UTC', currency: 'USD' },
    ]);
    await db.insert(schema.cakeIntegration).values({ id: 1, baseUrl: 'http://cake.test', affiliateId: '1', apiKeyEncrypted: 'x', apiKeyLast4: 'abcd', lastSuccessAt: succeededAt });
    await db.insert(schema.mailSources).values({ kind: 'imap', lastPollAt: new Date(), lastError: 'login refused' });
    const text = await scrape();
    const seconds = succeededAt.getTime() / 1000;
    expect(sample(text, 'tracker_sync_last_success_timestamp_seconds{sync="tiktok_spend",source="7001"}')).toBe(seconds);
    expect(sample(text, 'tracker_sync_last_success_timestamp_seconds{sync="cake",source="cake"}')).toBe(seconds);
    expect(text).not.toContain('source="7002"');
    expect(text).not.toContain('sync="mail"');
  });

  promtoolTest("Prometheus' promtool finds nothing to flag in the exposition (counters named _total and typed counter)", async () => {
    if (!promtoolFound) throw new Error('promtool is not installed: CI must install the Debian package prometheus (.ci/run)');
    const text = await scrape();
    expect(text).toMatch(/^# TYPE tracker_ingest_unrecorded_total counter$/m);
    expect(text).toMatch(/^# TYPE tracker_spill_events_total counter$/m);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: check.status, output: `${check.stdout}${check.stderr}`.trim() }).toEqual({ status: 0, output: '' });
  });

  test('/readyz names every store of the process; /healthz answers; /metrics is on the metrics port only', async () => {
    for (const base of [running.url, running.metricsUrl]) {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ready: true,
        checks: { entities: 'ok', analytics: 'ok', eventLog: 'ok', queue: 'ok' },
      });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    expect((await fetch(`${running.url}/metrics`)).status).toBe(404);
  });
});
