// The alert checks job on real embedded stores (PGlite in a folder, chDB, the embedded event log), sending
// to local fakes of Slack and a signature-checking webhook receiver: each check fires and resolves its
// alert; an alert is sent once and its recovery once across job runs and a restart of the process; a
// channel that fails keeps its messages in order for the next run; a check that fails changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { createLogger, encryptSecret, migrateAnalytics, schema, type Analytics, type Entities, type EventLog } from '@tracker/core';
import { openChdbAnalytics, openEmbeddedLog, openEntities } from '@tracker/core/testing';
import { startFakeSlack, startWebhookReceiver, type FakeSlack, type WebhookReceiver } from '@tracker/testing';
import { checkAlerts, type AlertCheckDeps } from './run-alert-checks';

const KEY = Buffer.alloc(32, 3);
const logger = createLogger('silent');

let dir: string;
let entities: Entities;
let analytics: Analytics;
let eventLog: EventLog;
let slack: FakeSlack;
let receiver: WebhookReceiver;

const pgDir = () => path.join(dir, 'pg');
function deps(now: Date | string, overrides: Partial<AlertCheckDeps> = {}): AlertCheckDeps {
  const at = new Date(now);
  return {
    db: entities.db,
    analytics,
    // The projector-lag tests give the log: elsewhere its waiting events would fire that alert too.
    eventLog: undefined,
    secretsKey: KEY,
    notify: { outgoing: { allowPrivate: true }, telegramApiUrl: 'http://127.0.0.1:9', backoffMs: 10, maxRetryAfterMs: 1500 },
    logger,
    now: () => at,
    ...overrides,
  };
}

/** The alerts the receiver got, as [state, title]. */
const receivedAlerts = () => receiver.received.map((r) => [r.payload?.alert.state, r.payload?.alert.title]);

async function addWebhookChannel(alertKinds: string[] = []) {
  const [row] = await entities.db
    .insert(schema.notificationChannels)
    .values({ type: 'webhook', name: 'Receiver', url: receiver.hookUrl, secret: encryptSecret(KEY, receiver.secret), alertKinds })
    .returning();
  return row!;
}

async function reset() {
  for (const table of [schema.alertDeliveries, schema.alertEvents, schema.alertStates, schema.alertCheckMemory, schema.notificationChannels, schema.tiktokAccounts, schema.eventLogSpills, schema.domains, schema.campaigns, schema.settings]) {
    await entities.db.delete(table);
  }
  await analytics.exec('TRUNCATE TABLE conversions');
  receiver.received.length = 0;
  receiver.requests.length = 0;
  slack.texts.length = 0;
  slack.requests.length = 0;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-alerts-'));
  entities = await openEntities({ pgliteDir: pgDir() });
  analytics = await openChdbAnalytics(path.join(dir, 'ch'));
  await migrateAnalytics(analytics);
  eventLog = await openEmbeddedLog({ dir: path.join(dir, 'log') });
  [slack, receiver] = await Promise.all([startFakeSlack(), startWebhookReceiver()]);
}, 120_000);
afterAll(async () => {
  await eventLog?.close();
  await analytics?.close();
  await entities?.close();
  await Promise.all([slack?.close(), receiver?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(reset);

describe('TikTok spend sync failing', () => {
  const account = (lastSuccessAt: Date | null, lastSyncError: string | null) => ({
    advertiserId: '7100200300',
    name: 'Main ads',
    accessToken: 'sealed',
    timezone: 'UTC',
    currency: 'USD',
    createdAt: new Date('2026-04-01T00:00:00Z'),
    lastSuccessAt,
    lastSyncAt: new Date('2026-04-01T11:00:00Z'),
    lastSyncError,
  });

  test('fires after an hour of failing, once over two runs and a restart; a sync that succeeds resolves it once', async () => {
    await addWebhookChannel();
    const [row] = await entities.db.insert(schema.tiktokAccounts).values(account(new Date('2026-04-01T10:30:00Z'), 'TikTok answered 40001: token expired')).returning();

    // 50 minutes of failing: not yet.
    expect((await checkAlerts(deps('2026-04-01T11:20:00Z'))).fired).toEqual([]);
    const run = await checkAlerts(deps('2026-04-01T11:31:00Z'));
    expect(run).toMatchObject({ fired: [`spend-sync:${row!.id}`], delivery: { sent: 1, failed: 0 } });
    await checkAlerts(deps('2026-04-01T11:36:00Z'));
    expect(receivedAlerts()).toEqual([['firing', 'TikTok spend sync failing: Main ads']]);
    expect(receiver.received[0]!.payload!.alert.text).toBe(
      'No spend synced for Main ads (advertiser 7100200300) since Apr 1, 10:30 UTC (1 h 1 min): Cost and Profit are stale. Last error: TikTok answered 40001: token expired',
    );
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);

    // A restart: the process's stores are opened again; what was sent is known from them.
    await entities.close();
    entities = await openEntities({ pgliteDir: pgDir() });
    expect((await checkAlerts(deps('2026-04-01T11:41:00Z'))).fired).toEqual([]);
    expect(receiver.received).toHaveLength(1);

    await entities.db.update(schema.tiktokAccounts).set({ lastSyncError: null, lastSuccessAt: new Date('2026-04-01T11:44:00Z') }).where(eq(schema.tiktokAccounts.id, row!.id));
    expect((await checkAlerts(deps('2026-04-01T11:46:00Z'))).resolved).toEqual([`spend-sync:${row!.id}`]);
    await checkAlerts(deps('2026-04-01T11:51:00Z'));
    await entities.close();
    entities = await openEntities({ pgliteDir: pgDir() });
    await checkAlerts(deps('2026-04-01T11:56:00Z'));
    expect(receivedAlerts()).toEqual([
      ['firing', 'TikTok spend sync failing: Main ads'],
      ['resolved', 'TikTok spend sync failing: Main ads'],
    ]);
    expect(receiver.received[1]!.payload!.alert.text).toBe('Back to normal after 15 min.');
  }, 60_000);

  test('an account that never synced counts from when it was added; a failure under an hour old does not fire', async () => {
    await entities.db.insert(schema.tiktokAccounts).values([
      { ...account(null, 'Could not reach TikTok'), advertiserId: '1', name: 'Never synced' },
      { ...account(new Date('2026-04-01T11:30:00Z'), 'Could not reach TikTok'), advertiserId: '2', name: 'Just failed' },
      { ...account(new Date('2026-04-01T08:00:00Z'), null), advertiserId: '3', name: 'Fine but quiet' },
    ]);
    const run = await checkAlerts(deps('2026-04-01T12:00:00Z'));
    const titles = (await entities.db.select().from(schema.alertStates)).filter((s) => s.state === 'firing').map((s) => s.title);
    expect(run.fired).toHaveLength(1);
    expect(titles).toEqual(['TikTok spend sync failing: Never synced']);
  });
});

describe('conversions stopped', () => {
  const CAMPAIGNS = [
    { id: 'cmpQuiet', name: 'Keto US' },
    { id: 'cmpBusy', name: 'Keto CA' },
    { id: 'cmpNew', name: 'Keto UK' },
  ];
  let n = 0;
  const conversion = (campaignId: string, at: string, sign: 1 | -1 = 1, status = 'approved') => {
    n += 1;
    const utc = new Date(at).toISOString().replace('T', ' ').replace('Z', '');
    return {
      event_id: `ev-${n}`, sign, transaction_id: `tx-${n}`, click_id: `click-${n}`, converted_at: utc, clicked_at: utc, attributed: 1,
      campaign_id: campaignId, lander_id: 0, offer_id: 0, spark_id: '', status, payout: '10.00', network_offer_id: '', network_offer_name: '',
      log_partition: 0, log_offset: n,
    };
  };

  beforeEach(async () => {
    await entities.db.insert(schema.campaigns).values(CAMPAIGNS);
    await entities.db.insert(schema.settings).values({ key: 'report_timezone', value: 'America/New_York' });
    // Days in New York: April 1 is yesterday, April 2 today.
    await analytics.insert('conversions', [
      conversion('cmpQuiet', '2026-04-01T14:00:00-04:00'),
      conversion('cmpQuiet', '2026-04-01T22:00:00-04:00'),
      conversion('cmpBusy', '2026-04-01T15:00:00-04:00'),
      conversion('cmpBusy', '2026-04-02T05:30:00-04:00'),
      // Only today: no yesterday to compare with.
      conversion('cmpNew', '2026-04-02T01:00:00-04:00'),
    ]);
  });

  test('converted yesterday, and none for 6 hours of today (New York): fires for that campaign only', async () => {
    await addWebhookChannel(['conversions-stopped']);
    expect((await checkAlerts(deps('2026-04-02T05:59:00-04:00'))).fired).toEqual([]);
    const run = await checkAlerts(deps('2026-04-02T06:30:00-04:00'));
    expect(run.fired).toEqual(['conversions-stopped:cmpQuiet']);
    expect(receiver.received.map((r) => r.payload!.alert.text)).toEqual([
      'Keto US had 2 conversions yesterday and none since Apr 2, 00:00 EDT (6 h 30 min). Check the offer, the lander and the network\'s postback.',
    ]);
    // A conversion today counts from itself: Keto CA's at 05:30 is 6 hours old at 11:31.
    expect((await checkAlerts(deps('2026-04-02T11:31:00-04:00'))).fired).toEqual(['conversions-stopped:cmpBusy']);
  });

  test('N is the setting alert_conversions_silent_hours', async () => {
    await entities.db.insert(schema.settings).values({ key: 'alert_conversions_silent_hours', value: '9' });
    expect((await checkAlerts(deps('2026-04-02T08:30:00-04:00'))).fired).toEqual([]);
    expect((await checkAlerts(deps('2026-04-02T09:01:00-04:00'))).fired).toEqual(['conversions-stopped:cmpQuiet']);
  });

  test('past midnight it stays firing (no false recovery, nothing sent); a conversion resolves it once', async () => {
    await addWebhookChannel();
    await checkAlerts(deps('2026-04-02T07:00:00-04:00'));
    // April 3, 00:30: "yesterday" is the silent day, which still converted before the silence.
    expect(await checkAlerts(deps('2026-04-03T00:30:00-04:00'))).toMatchObject({ fired: [], resolved: [] });
    expect(await checkAlerts(deps('2026-04-03T04:00:00-04:00'))).toMatchObject({ fired: [], resolved: [] });
    await analytics.insert('conversions', [conversion('cmpQuiet', '2026-04-03T04:10:00-04:00')]);
    expect((await checkAlerts(deps('2026-04-03T04:15:00-04:00'))).resolved).toEqual(['conversions-stopped:cmpQuiet']);
    await checkAlerts(deps('2026-04-03T04:20:00-04:00'));
    expect(receivedAlerts().filter(([, title]) => title === 'Conversions stopped: Keto US')).toEqual([
      ['firing', 'Conversions stopped: Keto US'],
      ['resolved', 'Conversions stopped: Keto US'],
    ]);
  });

  test('a revision cancelling yesterday’s only conversion leaves nothing to miss', async () => {
    await analytics.insert('conversions', [conversion('cmpQuiet', '2026-04-01T14:00:00-04:00', -1), conversion('cmpQuiet', '2026-04-01T22:00:00-04:00', -1)]);
    expect((await checkAlerts(deps('2026-04-02T07:00:00-04:00'))).fired).toEqual([]);
  });
});

describe('projector lag', () => {
  const GROUP = 'alerts-test-projector';
  const publish = (count: number) => eventLog.publish(Array.from({ length: count }, (_, i) => ({ key: `k${i}`, value: Buffer.from(`{"n":${i}}`) })));

  test('events waiting longer than the threshold fire; once projected, it resolves', async () => {
    await addWebhookChannel();
    const at = (minutes: number) => new Date(Date.parse('2026-04-01T10:00:00Z') + minutes * 60_000);
    const run = (minutes: number) => checkAlerts(deps(at(minutes), { eventLog, projectorGroup: GROUP }));
    await publish(3);
    expect((await run(0)).fired).toEqual([]);
    expect((await run(14)).fired).toEqual([]);
    await entities.db.insert(schema.settings).values({ key: 'alert_projector_lag_minutes', value: '10' });
    const fired = await run(15);
    expect(fired.fired).toEqual(['projector-lag']);
    expect(receiver.received[0]!.payload!.alert.text).toMatch(/^Events published 15 min ago or earlier are not in the reports yet; \d+ events wait in all\./);

    // The projector catches up.
    const subscription = await eventLog.subscribe({ group: GROUP, handle: async () => {}, maxWaitMs: 10 });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await eventLog.positions(GROUP)).some((p) => p.committed < p.end)) await new Promise((r) => setTimeout(r, 50));
    await subscription.stop();
    expect((await run(20)).resolved).toEqual(['projector-lag']);
    // Newer events, newly waiting: not old enough to fire.
    await publish(1);
    expect(await run(25)).toMatchObject({ fired: [], resolved: [] });
    expect(receivedAlerts()).toEqual([
      ['firing', 'Reports are behind: events wait to be projected'],
      ['resolved', 'Reports are behind: events wait to be projected'],
    ]);
  }, 60_000);

  test('without the event log in this process the check is skipped and its alert left as it is', async () => {
    const outcome = await checkAlerts(deps('2026-04-01T10:00:00Z'));
    expect(outcome.skipped).toEqual(['projector-lag']);
    expect(outcome.checked).not.toContain('projector-lag');
  });
});

describe('event-log spill and domains', () => {
  test('a non-empty spill fires per ingest; emptied, it resolves', async () => {
    const spill = { instance: 'ingest-1 /data', records: 1200, bytes: 3 * 1024 * 1024, forwardedTotal: 0, refusedTotal: 0, lastError: 'broker down', updatedAt: new Date('2026-04-01T10:00:00Z') };
    await entities.db.insert(schema.eventLogSpills).values([spill, { ...spill, instance: 'ingest-2 /data', records: 0, bytes: 0, lastError: null }]);
    expect((await checkAlerts(deps('2026-04-01T10:01:00Z'))).fired).toEqual(['event-log-spill:ingest-1 /data']);
    const [state] = await entities.db.select().from(schema.alertStates).where(eq(schema.alertStates.key, 'event-log-spill:ingest-1 /data'));
    expect(state!.text).toBe(
      "1200 events (3.0 MB) have not reached Kafka yet, as reported Apr 1, 10:00 UTC: clicks and conversions are safe on that ingest's disk but missing from reports until they are forwarded. Last error: broker down",
    );
    await entities.db.update(schema.eventLogSpills).set({ records: 0, bytes: 0 });
    expect((await checkAlerts(deps('2026-04-01T10:06:00Z'))).resolved).toEqual(['event-log-spill:ingest-1 /data']);
  });

  test('a domain that was active and is not now fires; active again, it resolves; one never configured does not', async () => {
    const [live, fresh] = await entities.db
      .insert(schema.domains)
      .values([
        { domain: 'keto-deals.xyz', subdomain: 'trk', status: 'active', configuredAt: new Date('2026-03-01T00:00:00Z') },
        { domain: 'new-one.xyz', status: 'dns_failed', errorMessage: 'zone pending' },
      ])
      .returning();
    expect((await checkAlerts(deps('2026-04-01T10:00:00Z'))).fired).toEqual([]);
    await entities.db.update(schema.domains).set({ status: 'dns_failed', errorMessage: 'Cloudflare: zone not active' }).where(eq(schema.domains.id, live!.id));
    expect((await checkAlerts(deps('2026-04-01T10:05:00Z'))).fired).toEqual([`domain-inactive:${live!.id}`]);
    const [state] = await entities.db.select().from(schema.alertStates).where(eq(schema.alertStates.key, `domain-inactive:${live!.id}`));
    expect(state).toMatchObject({ title: 'Domain trk.keto-deals.xyz is no longer active', text: 'trk.keto-deals.xyz is now dns failed: Cloudflare: zone not active. Tracking links on it may not reach the tracker.' });
    await entities.db.update(schema.domains).set({ status: 'active', errorMessage: null }).where(eq(schema.domains.id, live!.id));
    expect((await checkAlerts(deps('2026-04-01T10:10:00Z'))).resolved).toEqual([`domain-inactive:${live!.id}`]);
    expect(fresh!.configuredAt).toBeNull();
  });
});

describe('sending', () => {
  const failingSpill = { instance: 'ingest-1', records: 5, bytes: 100, forwardedTotal: 0, refusedTotal: 0, updatedAt: new Date('2026-04-01T10:00:00Z') };

  test('a channel takes the kinds it lists: a domains-only channel gets no spill alert', async () => {
    await addWebhookChannel(['domain-inactive']);
    await entities.db.insert(schema.eventLogSpills).values(failingSpill);
    expect((await checkAlerts(deps('2026-04-01T10:01:00Z'))).fired).toEqual(['event-log-spill:ingest-1']);
    expect(receiver.received).toEqual([]);
  });

  test('a throttled Slack keeps the firing and the recovery in order for the next runs; each is sent once', async () => {
    await entities.db.insert(schema.notificationChannels).values({ type: 'slack', name: 'Slack', secret: encryptSecret(KEY, slack.webhookUrl) });
    await entities.db.insert(schema.eventLogSpills).values(failingSpill);
    // Longer than the 1.5 s a send waits: the firing stays pending.
    slack.throttle(1, 60);
    const first = await checkAlerts(deps('2026-04-01T10:01:00Z'));
    expect(first.delivery).toEqual({ sent: 0, failed: 1, waiting: 0 });
    const [pending] = await entities.db.select().from(schema.alertDeliveries);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, error: 'Slack answered 429: rate_limited (asked to wait 60 s; tried again at the next check)' });

    // Resolved before the firing got through: the firing goes first, then the recovery.
    await entities.db.update(schema.eventLogSpills).set({ records: 0 });
    slack.throttle(1, 60);
    const second = await checkAlerts(deps('2026-04-01T10:06:00Z'));
    expect(second.delivery).toEqual({ sent: 0, failed: 1, waiting: 1 });
    expect(slack.texts).toEqual([]);
    const third = await checkAlerts(deps('2026-04-01T10:11:00Z'));
    expect(third.delivery).toEqual({ sent: 2, failed: 0, waiting: 0 });
    await checkAlerts(deps('2026-04-01T10:16:00Z'));
    expect(slack.texts).toEqual([
      '🚨 *Events waiting in the spill of ingest-1*\n5 events (0.0 MB) have not reached Kafka yet, as reported Apr 1, 10:00 UTC: clicks and conversions are safe on that ingest\'s disk but missing from reports until they are forwarded.',
      '✅ *Resolved: Events waiting in the spill of ingest-1*\nBack to normal after 5 min.',
    ]);
  }, 30_000);

  test('a channel that keeps failing is given up after five tries, with its error in the log; a deleted one at once', async () => {
    const gone = await startFakeSlack();
    gone.removeWebhook();
    await entities.db.insert(schema.notificationChannels).values({ type: 'slack', name: 'Removed webhook', secret: encryptSecret(KEY, gone.webhookUrl) });
    const doomed = await addWebhookChannel();
    await entities.db.insert(schema.eventLogSpills).values(failingSpill);
    // The receiver is down for the first run; the channel is deleted before the next.
    receiver.answerNext(...Array.from({ length: 4 }, () => ({ status: 503 })));
    await checkAlerts(deps('2026-04-01T10:00:00Z'));
    await entities.db.delete(schema.notificationChannels).where(eq(schema.notificationChannels.id, doomed.id));
    for (let i = 0; i < 5; i++) await checkAlerts(deps(new Date(Date.parse('2026-04-01T10:01:00Z') + i * 300_000)));
    await gone.close();
    const rows = await entities.db.select().from(schema.alertDeliveries).orderBy(schema.alertDeliveries.id);
    expect(rows.map((r) => [r.channelName, r.status, r.attempts, r.error])).toEqual([
      ['Removed webhook', 'failed', 5, 'Slack answered 404: no_service'],
      ['Receiver', 'failed', 2, 'The channel was deleted before this was sent'],
    ]);
    expect(gone.requests).toHaveLength(5);
  }, 30_000);

  test('a check that fails changes nothing of its kind; the others still run', async () => {
    await entities.db.insert(schema.campaigns).values({ id: 'cmpQuiet', name: 'Keto US' });
    await entities.db.insert(schema.alertStates).values({ key: 'conversions-stopped:cmpQuiet', kind: 'conversions-stopped', state: 'firing', title: 't', text: 't', since: new Date('2026-04-01T09:00:00Z') });
    await entities.db.insert(schema.eventLogSpills).values(failingSpill);
    const broken = new Proxy(analytics, {
      get: (target, property) => (property === 'query' ? () => Promise.reject(new Error('chDB is gone')) : Reflect.get(target, property)),
    });
    const outcome = await checkAlerts(deps('2026-04-01T10:01:00Z', { analytics: broken }));
    expect(outcome.failed).toEqual(['conversions-stopped']);
    expect(outcome.fired).toEqual(['event-log-spill:ingest-1']);
    const [state] = await entities.db.select().from(schema.alertStates).where(eq(schema.alertStates.key, 'conversions-stopped:cmpQuiet'));
    expect(state!.state).toBe('firing');
  });
});
