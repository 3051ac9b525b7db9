// The rules job end to end, wired as `tracker` wires it: the workers' schedule enqueues the slot's job (in-process
// on PGlite, BullMQ on Redis with PostgreSQL), the job evaluates every enabled rule with the api's engine against
// the stored spend and clicks, pauses the losing ad through the TikTok fake once, logs it, and leaves a disabled
// rule alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { createLogger, encryptSecret, insertClicks, migrateAnalytics, schema, type Analytics } from '@tracker/core';
import { openChdbAnalytics } from '@tracker/core/testing';
import { evaluateEnabledRules } from '@tracker/api';
import { DEFAULT_NOTIFY_OPTIONS } from '@tracker/integrations';
import { registerProcessors } from '@tracker/workers';
import { RULE_EVALUATION_JOB, RULE_EVALUATION_MINUTES } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '../fakes/tiktok-reporting-server';
import { describeOnJobEngines, type JobEngines } from '../pipeline/job-engines';

const logger = createLogger('silent');
const KEY = Buffer.alloc(32, 5);
const EVERY_MS = RULE_EVALUATION_MINUTES * 60_000;
const ADVERTISER = '7000000042';
const TOKEN = 'tok-job';
const HOUR = 3_600_000;
const sqlTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

function ruleJob(open: () => Promise<JobEngines>) {
  let engines: JobEngines;
  let analytics: Analytics;
  let tiktok: FakeTiktokReporting;
  let dir: string;
  let stopSchedules: () => Promise<void>;
  let slots: number[];
  let live = 0;
  let disabled = 0;

  beforeAll(async () => {
    engines = await open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-rules-job-'));
    analytics = await openChdbAnalytics(path.join(dir, 'ch'));
    await migrateAnalytics(analytics);
    tiktok = await startFakeTiktokReporting();
    tiktok.addAdvertiser({ advertiserId: ADVERTISER, accessToken: TOKEN, name: 'Job account', timezone: 'UTC' });
    for (const id of ['501', '502']) tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'ad', id, name: `Ad ${id}`, status: 'ENABLE' });
    const db = engines.entities.db;
    await db.insert(schema.tiktokAccounts).values({ advertiserId: ADVERTISER, name: 'Job account', accessToken: encryptSecret(KEY, TOKEN), timezone: 'UTC', currency: 'USD' });
    // The last two whole hours: ad 501 spends $40 without a sale, ad 502 $10.
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    const row = (at: number, ad: string, spend: string) => ({
      advertiser_id: ADVERTISER, starts_at: sqlTime(at), hours: 1, advertiser_day: sqlTime(at).slice(0, 10), tiktok_campaign_id: '601', tiktok_adgroup_id: '701',
      tiktok_ad_id: ad, campaign_name: 'C', adgroup_name: 'G', ad_name: `Ad ${ad}`, spend, impressions: 0, clicks: 0, conversions: 0, synced_at: sqlTime(hour),
    });
    await analytics.insert('ad_spend', [row(hour - 2 * HOUR, '501', '20.00'), row(hour - HOUR, '501', '20.00'), row(hour - HOUR, '502', '10.00')]);
    await insertClicks(analytics, [{
      click_id: 'job-c1', clicked_at: `${sqlTime(hour - HOUR)}.000`, campaign_id: 'x', lander_id: 0, offer_id: 0, spark_id: '', tiktok_campaign_id: '601',
      tiktok_ad_group_id: '701', tiktok_creative_id: '501', placement: '', campaign_name: '', ad_group_name: '', creative_name: '', ttclid: '', ip: '', user_agent: '',
      referrer: '', bot: '', log_partition: 0, log_offset: 0,
    }]);
    const rule = {
      level: 'ad' as const, accountIds: [ADVERTISER], campaignIds: [], window: 'last_7_days', guard: { minSpend: 0, minVisits: 0 }, action: { type: 'pause', percent: null, budgetCap: null },
      conditions: [{ metric: 'spend', op: 'gt', value: 30 }, { metric: 'conversions', op: 'lt', value: 1 }], cooldownMinutes: 60, maxActionsPerDay: 20, mode: 'live' as const, notify: [],
    };
    [live, disabled] = (await db.insert(schema.rules).values([{ ...rule, name: 'Live' }, { ...rule, name: 'Off', enabled: false }]).returning()).map((r) => r.id) as [number, number];

    const { startSchedules } = registerProcessors(engines.queue, {
      db,
      analytics,
      secretsKey: KEY,
      tiktokApiUrl: tiktok.url,
      outgoing: LOCAL_FAKES_OUTGOING,
      logger,
      evaluateRules: (now) =>
        evaluateEnabledRules({ db, analytics, secretsKey: KEY, tiktokApiUrl: tiktok.url, outgoing: LOCAL_FAKES_OUTGOING, notify: DEFAULT_NOTIFY_OPTIONS, logger }, now),
    });
    await engines.queue.start();
    const before = Math.floor(Date.now() / EVERY_MS);
    stopSchedules = await startSchedules();
    slots = [...new Set([before, Math.floor(Date.now() / EVERY_MS)])];
  }, 120_000);

  afterAll(async () => {
    await stopSchedules?.();
    await engines?.queue.close();
    await analytics?.close();
    await tiktok?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await engines?.close();
  });

  test('the slot’s job pauses the losing ad once and logs it; the disabled rule does nothing', async () => {
    const slotJob = async () => (await Promise.all(slots.map((slot) => engines.queue.get(`${RULE_EVALUATION_JOB}-${EVERY_MS}-${slot}`)))).find(Boolean);
    const deadline = Date.now() + 60_000;
    while ((await slotJob())?.status !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const job = await slotJob();
    expect({ status: job?.status, error: job?.error }).toEqual({ status: 'completed', error: null });
    expect(job!.result).toEqual({ rules: 1 });

    expect(tiktok.marketing.object('ad', '501')?.status).toBe('DISABLE');
    expect(tiktok.marketing.object('ad', '502')?.status).toBe('ENABLE');
    expect(tiktok.marketing.writes).toEqual([expect.objectContaining({ code: 0, body: expect.objectContaining({ ad_ids: ['501'], operation_status: 'DISABLE' }) })]);
    const db = engines.entities.db;
    expect((await db.select().from(schema.ruleLog).where(eq(schema.ruleLog.ruleId, live))).map((r) => [r.objectId, r.result, r.change])).toEqual([['501', 'done', 'ENABLE → DISABLE']]);
    expect(await db.select().from(schema.ruleLog).where(eq(schema.ruleLog.ruleId, disabled))).toEqual([]);
    const [rule] = await db.select().from(schema.rules).where(eq(schema.rules.id, live));
    expect(rule!.lastRunAt).not.toBeNull();
  }, 90_000);
}

describeOnJobEngines('rules job', 'rules-job', ruleJob);
