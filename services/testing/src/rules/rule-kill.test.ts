// A workers process SIGKILLed between TikTok's pause and the rule's log: TikTok has paused the losing ad (the
// fake makes the change and holds back its answer), the process dies before it reads the answer. The next
// evaluation, in another process, finds the intent the killed one wrote before calling, sees on TikTok that the
// pause is there, and logs it as done without pausing again: one status write in all, one log row. On PGlite (a
// data folder the next process opens) and on PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { createLogger, encryptSecret, insertClicks, migrateAnalytics, schema } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openChdbAnalytics, openEntities } from '@tracker/core/testing';
import { evaluateEnabledRules } from '@tracker/api';
import { DEFAULT_NOTIFY_OPTIONS } from '@tracker/integrations';
import { LOCAL_FAKES_OUTGOING } from '../fakes/local-fakes-outgoing';
import { startFakeTiktokReporting, type FakeTiktokReporting } from '../fakes/tiktok-reporting-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = path.join(here, '../../../../node_modules/tsx/dist/esm/index.mjs');
const KEY = Buffer.alloc(32, 7);
const ADVERTISER = '7000000077';
const TOKEN = 'tok-kill';
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T15:10:00Z');
const sqlTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
const openStore = (store: string) => openEntities(store.startsWith('postgres') ? { databaseUrl: store } : { pgliteDir: store });

function killContract(store: () => string) {
  let dir: string;
  let chdbDir: string;
  let tiktok: FakeTiktokReporting;
  let ruleId: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-rule-kill-'));
    chdbDir = path.join(dir, 'ch');
    tiktok = await startFakeTiktokReporting();
    tiktok.addAdvertiser({ advertiserId: ADVERTISER, accessToken: TOKEN, name: 'Kill account', timezone: 'UTC' });
    for (const id of ['801', '802']) tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'ad', id, name: `Ad ${id}`, status: 'ENABLE' });

    // Today: ad 801 spends $45 over three hours without a sale, ad 802 $10.
    const analytics = await openChdbAnalytics(chdbDir);
    await migrateAnalytics(analytics);
    const row = (at: number, ad: string, spend: string) => ({
      advertiser_id: ADVERTISER, starts_at: sqlTime(at), hours: 1, advertiser_day: sqlTime(at).slice(0, 10), tiktok_campaign_id: '901', tiktok_adgroup_id: '911',
      tiktok_ad_id: ad, campaign_name: 'C', adgroup_name: 'G', ad_name: `Ad ${ad}`, spend, impressions: 0, clicks: 0, conversions: 0, synced_at: sqlTime(NOW),
    });
    const start = Date.parse('2026-11-20T12:00:00Z');
    await analytics.insert('ad_spend', [row(start, '801', '15.00'), row(start + HOUR, '801', '15.00'), row(start + 2 * HOUR, '801', '15.00'), row(start, '802', '10.00')]);
    await insertClicks(analytics, [{
      click_id: 'kill-c1', clicked_at: `${sqlTime(start + HOUR)}.000`, campaign_id: 'x', lander_id: 0, offer_id: 0, spark_id: '', tiktok_campaign_id: '901',
      tiktok_ad_group_id: '911', tiktok_creative_id: '801', placement: '', campaign_name: '', ad_group_name: '', creative_name: '', ttclid: '', ip: '', user_agent: '',
      referrer: '', bot: '', log_partition: 0, log_offset: 0,
    }]);
    await analytics.close();

    const entities = await openStore(store());
    try {
      await entities.db.insert(schema.tiktokAccounts).values({ advertiserId: ADVERTISER, name: 'Kill account', accessToken: encryptSecret(KEY, TOKEN), timezone: 'UTC', currency: 'USD' });
      const [rule] = await entities.db
        .insert(schema.rules)
        .values({
          name: 'Pause losers', level: 'ad', accountIds: [ADVERTISER], campaignIds: [], window: 'today', guard: { minSpend: 0, minVisits: 0 },
          action: { type: 'pause', percent: null, budgetCap: null }, conditions: [{ metric: 'spend', op: 'gt', value: 30 }, { metric: 'conversions', op: 'lt', value: 1 }],
          cooldownMinutes: 60, maxActionsPerDay: 20, mode: 'live', notify: [],
        })
        .returning();
      ruleId = rule!.id;
    } finally {
      await entities.close();
    }
  }, 120_000);

  afterAll(async () => {
    await tiktok?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('killed after TikTok paused the ad and before the log: the next run logs it done, with no second pause', async () => {
    const held = tiktok.marketing.holdNextWrite();
    const child = spawn(process.execPath, ['--import', tsxLoader, path.join(here, 'evaluate-rules.child.ts'), store(), chdbDir, tiktok.url, KEY.toString('hex'), String(NOW)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`the child never paused the ad:\n${output}`)), 90_000));
    await Promise.race([held, timeout, exited.then(() => Promise.reject(new Error(`the child exited first:\n${output}`)))]);
    child.kill('SIGKILL');
    await exited;
    expect(output).toContain('EVALUATING');
    expect(output).not.toContain('FINISHED');

    // TikTok made the change; the killed process logged nothing but left its intent.
    expect(tiktok.marketing.object('ad', '801')?.status).toBe('DISABLE');
    expect(tiktok.marketing.writes).toHaveLength(1);
    const entities = await openStore(store());
    const analytics = await openChdbAnalytics(chdbDir);
    try {
      const db = entities.db;
      expect(await db.select().from(schema.ruleLog).where(eq(schema.ruleLog.ruleId, ruleId))).toEqual([]);
      const [state] = await db.select().from(schema.ruleObjectStates).where(eq(schema.ruleObjectStates.ruleId, ruleId));
      expect(state).toMatchObject({ objectId: '801', pending: expect.objectContaining({ action: 'pause', target: 'DISABLE' }) });

      // The next slot's job, in this process, two minutes on (an intent is taken over once a minute old).
      const deps = { db, analytics, secretsKey: KEY, tiktokApiUrl: tiktok.url, outgoing: LOCAL_FAKES_OUTGOING, notify: DEFAULT_NOTIFY_OPTIONS, logger: createLogger('silent') };
      expect(await evaluateEnabledRules(deps, NOW + 2 * 60_000)).toEqual({ rules: 1, failed: [] });
      expect(tiktok.marketing.writes).toHaveLength(1);
      expect(tiktok.marketing.object('ad', '802')?.status).toBe('ENABLE');
      const log = await db.select().from(schema.ruleLog).where(eq(schema.ruleLog.ruleId, ruleId));
      expect(log.map((r) => [r.objectId, r.result, r.change])).toEqual([['801', 'done', 'ENABLE → DISABLE']]);
      const [after] = await db.select().from(schema.ruleObjectStates).where(eq(schema.ruleObjectStates.ruleId, ruleId));
      expect(after).toMatchObject({ pending: null });

      // And the slot after that leaves the paused ad alone: still one write, one log row.
      await evaluateEnabledRules(deps, NOW + 17 * 60_000);
      expect(tiktok.marketing.writes).toHaveLength(1);
      expect(await db.select().from(schema.ruleLog).where(eq(schema.ruleLog.ruleId, ruleId))).toHaveLength(1);
    } finally {
      await analytics.close();
      await entities.close();
    }
  }, 180_000);
}

describe('a rule action killed between TikTok and the log [embedded: PGlite, chDB]', () => {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-rule-kill-pg-'));
  afterAll(() => fs.rmSync(pgDir, { recursive: true, force: true }));
  killContract(() => pgDir);
});

describeWithRealEngine('DATABASE_URL', 'a rule action killed between TikTok and the log', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
    // The child and this test share the database; migrations run once here first.
    await (await openEntities({ databaseUrl: database.url })).close();
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });
  killContract(() => database.url);
});
