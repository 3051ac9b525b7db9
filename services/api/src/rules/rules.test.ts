// Automation rules through HTTP on real embedded stores (PGlite, chDB) against the local TikTok fake: who may
// call them, what a bad body answers, a dry run that calls nothing, a live pause made exactly once (across two
// evaluations, and across a run killed between TikTok's call and the log), a budget raise held at its cap, a
// throttled call retried and not doubled, the notify channel told once, the logs, and a replay of known history.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { encryptSecret, insertClicks, schema } from '@tracker/core';
import { DEFAULT_NOTIFY_OPTIONS } from '@tracker/integrations';
import type { RuleLogEntry, RuleReplay, RuleRun, Rule } from '@tracker/schemas';
import { LOCAL_FAKES_OUTGOING, startFakeTiktokReporting, startWebhookReceiver, type FakeTiktokReporting, type WebhookReceiver } from '@tracker/testing';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow } from '../testing/fact-rows';
import { evaluateRule, writeIntent, type RuleEngineDeps } from './evaluate-rule';
import { ruleRecord } from './rule-record';

const KEY = Buffer.alloc(32, 7);
const NOTIFY = { ...DEFAULT_NOTIFY_OPTIONS, outgoing: { allowPrivate: true, allowedBy: 'NOTIFY_ALLOW_PRIVATE' }, backoffMs: 10 };
const ADVERTISER = '7000000001';
const TOKEN = 'tok-automation-1';
const NOW = Date.parse('2026-11-20T15:07:00Z');

let h: ApiHarness;
let tiktok: FakeTiktokReporting;
let receiver: WebhookReceiver;
let admin: string;
let clock = NOW;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) => h.call({ method, url, cookie, payload });
const spendRow = (at: string, ad: string, adgroup: string, campaign: string, spend: string) => ({
  advertiser_id: ADVERTISER,
  starts_at: at,
  hours: 1,
  advertiser_day: at.slice(0, 10),
  tiktok_campaign_id: campaign,
  tiktok_adgroup_id: adgroup,
  tiktok_ad_id: ad,
  campaign_name: `Campaign ${campaign}`,
  adgroup_name: `Ad group ${adgroup}`,
  ad_name: `Ad ${ad}`,
  spend,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  synced_at: '2026-11-20 15:00:00.000',
});
const clicksOf = (ad: string, adgroup: string, campaign: string, n: number, at: string) =>
  Array.from({ length: n }, (_, i) => clickRow(`${ad}-c${i}`, at, { tiktok_campaign_id: campaign, tiktok_ad_group_id: adgroup, tiktok_creative_id: ad }));

/** The losing ad 101 ($60 today, no sale) and the winning ad 102 ($40, three sales worth $90), in campaign 301. */
const LOSER_RULE = {
  name: 'Pause losers',
  level: 'ad',
  accountIds: [ADVERTISER],
  campaignIds: ['301'],
  window: 'today',
  conditions: [
    { metric: 'spend', op: 'gt', value: 50 },
    { metric: 'conversions', op: 'lt', value: 1 },
  ],
  guard: { minSpend: 10, minVisits: 0 },
  action: { type: 'pause' },
  cooldownMinutes: 60,
  maxActionsPerDay: 20,
};

async function createRule(body: object): Promise<Rule> {
  const res = await call('POST', '/api/rules', body);
  expect(res.statusCode).toBe(201);
  return res.json<Rule>();
}
const run = async (id: number) => {
  const res = await call('POST', `/api/rules/${id}/run`);
  expect(res.statusCode).toBe(200);
  return res.json<RuleRun>();
};
const decision = (r: RuleRun, objectId: string) => r.decisions.find((d) => d.objectId === objectId);
const log = async (id: number) => (await call('GET', `/api/rules/${id}/log`)).json<RuleLogEntry[]>();
const statusWrites = () => tiktok.marketing.writes.filter((w) => w.path.endsWith('/status/update/'));
const engineDeps = (): RuleEngineDeps => ({
  db: h.entities.db,
  analytics: h.analytics,
  secretsKey: KEY,
  tiktokApiUrl: tiktok.url,
  outgoing: LOCAL_FAKES_OUTGOING,
  notify: NOTIFY,
  logger: h.app.log as unknown as RuleEngineDeps['logger'],
  tiktokBackoffMs: 10,
});

beforeAll(async () => {
  [tiktok, receiver] = await Promise.all([startFakeTiktokReporting(), startWebhookReceiver()]);
  tiktok.addAdvertiser({ advertiserId: ADVERTISER, accessToken: TOKEN, name: 'Main account', timezone: 'America/Los_Angeles' });
  h = await createApiHarness({
    secretsKey: KEY,
    tiktokApiUrl: tiktok.url,
    outgoing: LOCAL_FAKES_OUTGOING,
    notify: NOTIFY,
    tiktokBackoffMs: 10,
    now: () => new Date(clock),
  });
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.tiktokAccounts).values({
    advertiserId: ADVERTISER,
    name: 'Main account',
    accessToken: encryptSecret(KEY, TOKEN),
    timezone: 'America/Los_Angeles',
    currency: 'USD',
  });
  await h.analytics.insert('ad_spend', [
    // Today (UTC): the loser 101 and the winner 102 in ad group 201; ad group 202 holds nothing of note.
    spendRow('2026-11-20 12:00:00', '101', '201', '301', '20.00'),
    spendRow('2026-11-20 13:00:00', '101', '201', '301', '20.00'),
    spendRow('2026-11-20 14:00:00', '101', '201', '301', '20.00'),
    spendRow('2026-11-20 12:00:00', '102', '201', '301', '20.00'),
    spendRow('2026-11-20 13:00:00', '102', '201', '301', '20.00'),
    // Two days ago, campaign 302: ad 103 spends $10 an hour from 08:00 to 17:00 UTC (the replay's history).
    ...Array.from({ length: 10 }, (_, i) => spendRow(`2026-11-18 ${String(8 + i).padStart(2, '0')}:00:00`, '103', '203', '302', '10.00')),
  ]);
  await insertClicks(h.analytics, [
    ...clicksOf('101', '201', '301', 30, '2026-11-20 12:30:00.000'),
    ...clicksOf('102', '201', '301', 20, '2026-11-20 12:30:00.000'),
    ...clicksOf('103', '203', '302', 4, '2026-11-18 12:30:00.000'),
  ]);
  const d102 = { tiktok_campaign_id: '301', tiktok_ad_group_id: '201', tiktok_creative_id: '102' };
  const d103 = { tiktok_campaign_id: '302', tiktok_ad_group_id: '203', tiktok_creative_id: '103' };
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, '102-c0', '2026-11-20 12:30:00.000', 'approved', '30.00', d102),
    conversionRow('v2', 1, '102-c1', '2026-11-20 12:30:00.000', 'approved', '30.00', d102),
    conversionRow('v3', 1, '102-c2', '2026-11-20 12:30:00.000', 'approved', '30.00', d102),
    // A pending one is no revenue.
    conversionRow('v4', 1, '101-c0', '2026-11-20 12:30:00.000', 'pending', '30.00', { tiktok_campaign_id: '301', tiktok_ad_group_id: '201', tiktok_creative_id: '101' }),
    // Ad 103 earns $5 at 12:30 two days ago, after the replay pauses it at 11:00.
    conversionRow('v5', 1, '103-c0', '2026-11-18 12:30:00.000', 'approved', '5.00', d103),
  ]);
}, 120_000);
afterAll(async () => {
  await h.close();
  await Promise.all([tiktok.close(), receiver.close()]);
});
beforeEach(() => {
  clock = NOW;
  for (const id of ['101', '102']) tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'ad', id, name: `Ad ${id}`, status: 'ENABLE' });
  tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'adgroup', id: '201', name: 'Ad group 201', status: 'ENABLE', budget: 50 });
  tiktok.marketing.writes.length = 0;
  tiktok.marketing.reads.length = 0;
});

describe('access', () => {
  test('admins and users with the automation permission; others are refused', async () => {
    const without = await h.signIn('user', ['dashboard']);
    const withIt = await h.signIn('user', ['automation']);
    expect((await call('GET', '/api/rules', undefined, '')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/rules'],
      ['POST', '/api/rules'],
      ['POST', '/api/rules/1/run'],
      ['POST', '/api/rules/1/replay?days=7'],
      ['GET', '/api/automation/log?startDate=2026-11-20&endDate=2026-11-20'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined, without);
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json<{ message: string }>().message).toMatch(/automation/);
    }
    expect((await call('GET', '/api/rules', undefined, withIt)).statusCode).toBe(200);
    expect((await call('POST', '/api/rules', { ...LOSER_RULE, name: 'By a buyer' }, withIt)).statusCode).toBe(201);
  });

  test("the builder's pick lists: connected accounts and channels by name, for whoever may write rules, no secrets", async () => {
    const withIt = await h.signIn('user', ['automation']);
    const without = await h.signIn('user', ['dashboard']);
    expect((await call('GET', '/api/rules/options', undefined, without)).statusCode).toBe(403);
    const res = await call('GET', '/api/rules/options', undefined, withIt);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ accounts: unknown[]; channels: unknown[] }>();
    expect(body.accounts).toEqual([{ advertiserId: ADVERTISER, name: 'Main account' }]);
    for (const channel of body.channels) expect(Object.keys(channel as object).sort()).toEqual(['id', 'name', 'type']);
    expect(res.body).not.toContain(TOKEN);
  });
});

describe('validation', () => {
  test('a bad body, an account not connected, a budget on ads and unknown ids', async () => {
    const bad = await call('POST', '/api/rules', { ...LOSER_RULE, conditions: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/at least one condition/);
    const stranger = await call('POST', '/api/rules', { ...LOSER_RULE, accountIds: ['7999'] });
    expect([stranger.statusCode, stranger.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/7999 is not connected/)]);
    const adBudget = await call('POST', '/api/rules', { ...LOSER_RULE, action: { type: 'budget_increase', percent: 10, budgetCap: 100 } });
    expect([adBudget.statusCode, adBudget.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/Ads have no budget/)]);
    const noCap = await call('POST', '/api/rules', { ...LOSER_RULE, level: 'adgroup', action: { type: 'budget_increase', percent: 10 } });
    expect([noCap.statusCode, noCap.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/Raising a budget needs a cap/)]);
    for (const [method, url] of [
      ['GET', '/api/rules/99999'],
      ['PATCH', '/api/rules/99999'],
      ['DELETE', '/api/rules/99999'],
      ['POST', '/api/rules/99999/run'],
      ['GET', '/api/rules/99999/log'],
      ['POST', '/api/rules/abc/replay'],
    ] as const) {
      expect([url, (await call(method, url, method === 'PATCH' ? { name: 'x' } : undefined)).statusCode]).toEqual([url, 404]);
    }
  });

  test('a patch changes only what it sends, and the whole rule is checked again', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'To edit', cooldownMinutes: 30, mode: 'live' });
    const patched = await call('PATCH', `/api/rules/${rule.id}`, { name: 'Edited' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Rule>()).toMatchObject({ name: 'Edited', cooldownMinutes: 30, mode: 'live', conditions: LOSER_RULE.conditions });
    const invalid = await call('PATCH', `/api/rules/${rule.id}`, { level: 'ad', action: { type: 'budget_decrease', percent: 10 } });
    expect(invalid.statusCode).toBe(400);
    expect((await call('DELETE', `/api/rules/${rule.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/rules/${rule.id}`)).statusCode).toBe(404);
  });
});

describe('evaluation', () => {
  test('the metrics of each ad over today, joined from spend and our clicks and conversions', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Metrics' });
    const r = await run(rule.id);
    expect(r.windowStart).toBe('2026-11-20T00:00:00.000Z');
    expect(decision(r, '101')).toMatchObject({
      objectName: 'Ad 101',
      matched: true,
      metrics: { spend: '60.00', revenue: '0.00', profit: '-60.00', roi: -100, cpa: null, conversions: 0, visits: 30, cr: 0, epv: '0.0000' },
    });
    expect(decision(r, '102')).toMatchObject({
      matched: false,
      result: null,
      metrics: { spend: '40.00', revenue: '90.00', profit: '50.00', roi: 125, cpa: '13.33', conversions: 3, visits: 20, cr: 15, epv: '4.5000' },
    });
    expect(decision(r, '103')).toBeUndefined();
  });

  test('a dry-run rule logs what it would do and calls nothing', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Dry', mode: 'dry_run' });
    const r = await run(rule.id);
    expect(decision(r, '101')?.result).toBe('dry_run');
    expect(tiktok.marketing.reads).toHaveLength(0);
    expect(tiktok.marketing.writes).toHaveLength(0);
    expect(tiktok.marketing.object('ad', '101')?.status).toBe('ENABLE');
    const rows = await log(rule.id);
    expect(rows).toEqual([expect.objectContaining({ objectId: '101', result: 'dry_run', mode: 'dry_run', action: 'pause', tiktokCode: null })]);
    expect((await call('GET', `/api/rules/${rule.id}`)).json<Rule>()).toMatchObject({ actionsToday: 1, lastRunAt: new Date(NOW).toISOString() });
  });

  test('live: pauses exactly the losing ad, once across two evaluations', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Live', mode: 'live' });
    const first = await run(rule.id);
    expect(decision(first, '101')?.result).toBe('done');
    expect(decision(first, '102')?.result).toBeNull();
    expect(tiktok.marketing.object('ad', '101')?.status).toBe('DISABLE');
    expect(tiktok.marketing.object('ad', '102')?.status).toBe('ENABLE');
    expect(statusWrites()).toEqual([expect.objectContaining({ code: 0, body: expect.objectContaining({ ad_ids: ['101'], operation_status: 'DISABLE' }) })]);

    clock = NOW + 15 * 60_000;
    expect(decision(await run(rule.id), '101')?.result).toBe('cooldown');
    // After the cool-down the ad still matches, but TikTok has it paused: not called again.
    clock = NOW + 2 * 3_600_000;
    expect(decision(await run(rule.id), '101')?.result).toBe('already');
    expect(statusWrites()).toHaveLength(1);
    const rows = await log(rule.id);
    // The cooling-down run is in its answer only: the job would write such a row every 15 minutes.
    expect(rows.map((r) => r.result)).toEqual(['already', 'done']);
    expect(rows[1]).toMatchObject({ change: 'ENABLE → DISABLE', tiktokCode: 0, tiktokRequestId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });

  test('a run killed between TikTok’s call and the log is finished by the next without a second pause', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Killed', mode: 'live' });
    const [row] = await h.entities.db.select().from(schema.rules).where(eq(schema.rules.id, rule.id));
    // What the killed run left: its intent written, TikTok's pause made, no log row.
    const metrics = { spend: '60.00', revenue: '0.00', profit: '-60.00', roi: -100, cpa: null, conversions: 0, visits: 30, cr: 0, epv: '0.0000' };
    await writeIntent(h.entities.db, ruleRecord(row!), '101', ADVERTISER, { action: 'pause', objectName: 'Ad 101', metrics, target: 'DISABLE', from: null }, new Date(NOW - 5 * 60_000));
    tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'ad', id: '101', name: 'Ad 101', status: 'DISABLE' });

    const r = await run(rule.id);
    expect(decision(r, '101')?.result).toBe('done');
    expect(statusWrites()).toHaveLength(0);
    clock = NOW + 15 * 60_000;
    expect(decision(await run(rule.id), '101')?.result).toBe('cooldown');
    expect(statusWrites()).toHaveLength(0);
    expect((await log(rule.id)).map((x) => [x.result, x.change])).toEqual([['done', 'ENABLE → DISABLE']]);
    const [state] = await h.entities.db.select().from(schema.ruleObjectStates).where(eq(schema.ruleObjectStates.ruleId, rule.id));
    expect(state).toMatchObject({ pending: null, lastActionAt: new Date(NOW) });
  });

  test('a run killed before its call makes the call once when resumed', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Killed early', mode: 'live', conditions: [{ metric: 'spend', op: 'gt', value: 1000 }] });
    const [row] = await h.entities.db.select().from(schema.rules).where(eq(schema.rules.id, rule.id));
    const metrics = { spend: '60.00', revenue: '0.00', profit: '-60.00', roi: -100, cpa: null, conversions: 0, visits: 30, cr: 0, epv: '0.0000' };
    await writeIntent(h.entities.db, ruleRecord(row!), '101', ADVERTISER, { action: 'pause', objectName: 'Ad 101', metrics, target: 'DISABLE', from: null }, new Date(NOW - 5 * 60_000));
    // The intent is carried out although the numbers no longer match: it was decided.
    const r = await run(rule.id);
    expect(decision(r, '101')).toMatchObject({ matched: false, result: 'done' });
    expect(statusWrites()).toHaveLength(1);
    await run(rule.id);
    expect(statusWrites()).toHaveLength(1);
  });

  test('a budget raise stops at its cap, and a budget at the cap is left alone', async () => {
    const rule = await createRule({
      ...LOSER_RULE,
      name: 'Scale',
      level: 'adgroup',
      mode: 'live',
      conditions: [{ metric: 'spend', op: 'gt', value: 10 }],
      action: { type: 'budget_increase', percent: 50, budgetCap: 70 },
      cooldownMinutes: 0,
    });
    const first = await run(rule.id);
    expect(decision(first, '201')?.result).toBe('done');
    expect(tiktok.marketing.object('adgroup', '201')?.budget).toBe(70);
    expect(tiktok.marketing.writes).toEqual([
      expect.objectContaining({ path: '/open_api/v1.3/adgroup/budget/update/', code: 0, body: { advertiser_id: ADVERTISER, budget: [{ adgroup_id: '201', budget: 70 }] } }),
    ]);
    clock = NOW + 60_000;
    expect(decision(await run(rule.id), '201')?.result).toBe('capped');
    expect(tiktok.marketing.writes).toHaveLength(1);
    expect((await log(rule.id)).map((x) => [x.result, x.change])).toEqual([
      ['capped', 'budget $70.00 (at its cap)'],
      ['done', 'budget $50.00 → $70.00'],
    ]);
  });

  test('a campaign budget cut stops at its floor (campaign/update/)', async () => {
    tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'campaign', id: '301', name: 'Campaign 301', status: 'ENABLE', budget: 100 });
    const rule = await createRule({
      ...LOSER_RULE,
      name: 'Cut',
      level: 'campaign',
      mode: 'live',
      conditions: [{ metric: 'roi', op: 'lt', value: 0 }],
      action: { type: 'budget_decrease', percent: 30, budgetCap: 80 },
      cooldownMinutes: 0,
    });
    const r = await run(rule.id);
    // 100 spent, 90 earned: ROI -10 %.
    expect(decision(r, '301')).toMatchObject({ result: 'done', metrics: expect.objectContaining({ spend: '100.00', revenue: '90.00', roi: -10 }) });
    expect(tiktok.marketing.object('campaign', '301')?.budget).toBe(80);
    expect(tiktok.marketing.writes).toEqual([expect.objectContaining({ path: '/open_api/v1.3/campaign/update/', body: { advertiser_id: ADVERTISER, campaign_id: '301', budget: 80 } })]);
    clock = NOW + 60_000;
    expect(decision(await run(rule.id), '301')?.result).toBe('capped');
    expect(tiktok.marketing.writes).toHaveLength(1);
  });

  test('a throttled call is retried at once by a manual run, and left to the next run by the job; never doubled', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Throttled', mode: 'live' });
    tiktok.marketing.failNextWrites(1, 40016);
    expect(decision(await run(rule.id), '101')?.result).toBe('done');
    expect(statusWrites().map((w) => w.code)).toEqual([40016, 0]);
    expect((await log(rule.id)).map((x) => x.result)).toEqual(['done']);

    const jobRule = await createRule({ ...LOSER_RULE, name: 'Throttled job', mode: 'live' });
    tiktok.marketing.setObject({ advertiserId: ADVERTISER, level: 'ad', id: '101', name: 'Ad 101', status: 'ENABLE' });
    tiktok.marketing.writes.length = 0;
    tiktok.marketing.failNextWrites(1, 40133);
    const [row] = await h.entities.db.select().from(schema.rules).where(eq(schema.rules.id, jobRule.id));
    const byJob = await evaluateRule(engineDeps(), row!, { now: NOW, manual: false });
    expect(decision(byJob, '101')?.result).toBe('throttled');
    expect(tiktok.marketing.object('ad', '101')?.status).toBe('ENABLE');
    const throttled = (await log(jobRule.id))[0]!;
    expect(throttled).toMatchObject({ result: 'throttled', tiktokCode: 40133, tiktokRequestId: expect.any(String) });
    // The next slot: not in cool-down (nothing was done), so it acts once.
    const next = await evaluateRule(engineDeps(), row!, { now: NOW + 15 * 60_000, manual: false });
    expect(decision(next, '101')?.result).toBe('done');
    expect(statusWrites().map((w) => w.code)).toEqual([40133, 0]);
  });

  test('a partial failure keeps TikTok’s message for the refused object', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Refused', level: 'adgroup', mode: 'live', conditions: [{ metric: 'spend', op: 'gt', value: 10 }] });
    tiktok.marketing.refuse('adgroup', '201', 'The ad group is under review');
    const r = await run(rule.id);
    expect(decision(r, '201')?.result).toBe('failed');
    expect((await log(rule.id))[0]).toMatchObject({ result: 'failed', tiktokCode: 0, tiktokMessage: 'The ad group is under review' });
    tiktok.marketing.refuse('adgroup', '201', '');
  });

  test('the daily cap holds across runs', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Capped a day', conditions: [{ metric: 'spend', op: 'gt', value: 10 }], maxActionsPerDay: 1, cooldownMinutes: 0 });
    const r = await run(rule.id);
    expect([decision(r, '101')?.result, decision(r, '102')?.result]).toEqual(['dry_run', 'daily_limit']);
    clock = NOW + 60_000;
    const again = await run(rule.id);
    expect([decision(again, '101')?.result, decision(again, '102')?.result]).toEqual(['daily_limit', 'daily_limit']);
    expect((await log(rule.id)).map((x) => [x.objectId, x.result])).toEqual([['101', 'dry_run']]);
  });

  test('a notify rule tells its channel once, and once more when the ad recovers', async () => {
    const [channel] = await h.entities.db
      .insert(schema.notificationChannels)
      .values({ type: 'webhook', name: 'Hook', url: receiver.hookUrl, secret: encryptSecret(KEY, receiver.secret) })
      .returning();
    const rule = await createRule({ ...LOSER_RULE, name: 'Tell me', mode: 'live', action: { type: 'notify' }, notify: [channel!.id], cooldownMinutes: 0 });
    expect(decision(await run(rule.id), '101')?.result).toBe('done');
    clock = NOW + 60_000;
    await run(rule.id);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ signatureValid: true, payload: expect.objectContaining({ alert: expect.objectContaining({ state: 'firing', title: 'Rule "Tell me" matched ad Ad 101' }) }) });
    await call('PATCH', `/api/rules/${rule.id}`, { conditions: [{ metric: 'spend', op: 'gt', value: 1000 }] });
    await run(rule.id);
    expect(receiver.received.map((r) => r.payload?.alert.state)).toEqual(['firing', 'resolved']);
    expect(tiktok.marketing.writes).toHaveLength(0);
    // Firing again, then the rule is deleted: its alert recovers once.
    await call('PATCH', `/api/rules/${rule.id}`, { conditions: LOSER_RULE.conditions });
    await run(rule.id);
    expect((await call('DELETE', `/api/rules/${rule.id}`)).statusCode).toBe(204);
    expect(receiver.received.map((r) => r.payload?.alert.state)).toEqual(['firing', 'resolved', 'firing', 'resolved']);
    expect(receiver.received[3]!.payload?.alert.text).toBe('The rule was deleted.');
  });
});

describe('logs', () => {
  test('the automation log by report-time-zone days', async () => {
    const rule = await createRule({ ...LOSER_RULE, name: 'Logged' });
    await run(rule.id);
    const today = (await call('GET', '/api/automation/log?startDate=2026-11-20&endDate=2026-11-20')).json<RuleLogEntry[]>();
    expect(today.some((r) => r.ruleId === rule.id && r.ruleName === 'Logged')).toBe(true);
    expect((await call('GET', '/api/automation/log?startDate=2026-11-19&endDate=2026-11-19')).json<RuleLogEntry[]>()).toEqual([]);
    expect((await call('GET', '/api/automation/log?startDate=2026-11-20')).statusCode).toBe(400);
  });
});

describe('replay', () => {
  test('hour by hour over stored history: the pause, and the spend it saves and revenue it misses', async () => {
    const rule = await createRule({
      ...LOSER_RULE,
      name: 'Replayed',
      campaignIds: ['302'],
      conditions: [
        { metric: 'spend', op: 'gt', value: 25 },
        { metric: 'conversions', op: 'lt', value: 1 },
      ],
      cooldownMinutes: 0,
    });
    const res = await call('POST', `/api/rules/${rule.id}/replay?days=3`);
    expect(res.statusCode).toBe(200);
    const replay = res.json<RuleReplay>();
    // Every hour's end, then now (15:07).
    expect(replay).toMatchObject({ days: 3, startAt: '2026-11-17T15:00:00.000Z', endAt: '2026-11-20T15:07:00.000Z', evaluations: 73 });
    // $10 an hour from 08:00: over $25 once 08:00–11:00 is in; it spends $70 more and earns $5 after.
    expect(replay.actions).toEqual([
      expect.objectContaining({ at: '2026-11-18T11:00:00.000Z', objectId: '103', action: 'pause', spendAfter: '70.00', revenueAfter: '5.00', metrics: expect.objectContaining({ spend: '30.00' }) }),
    ]);
    expect([replay.spendSaved, replay.revenueMissed]).toEqual(['70.00', '5.00']);
    expect(tiktok.marketing.reads).toHaveLength(0);
    expect((await call('POST', `/api/rules/${rule.id}/replay?days=31`)).statusCode).toBe(400);
  });

  test('a replay run inside an hour ends with that hour in progress, as a live run would see it', async () => {
    const rule = await createRule({
      ...LOSER_RULE,
      name: 'Replayed mid-hour',
      campaignIds: ['302'],
      conditions: [{ metric: 'spend', op: 'gt', value: 95 }],
      cooldownMinutes: 0,
    });
    // 17:30 on the day ad 103 spends $10 an hour from 08:00 to 17:00: $90 by 17:00, $100 with the hour under way.
    clock = Date.parse('2026-11-18T17:30:00Z');
    try {
      const replay = (await call('POST', `/api/rules/${rule.id}/replay?days=1`)).json<RuleReplay>();
      expect(replay).toMatchObject({ startAt: '2026-11-17T17:00:00.000Z', endAt: '2026-11-18T17:30:00.000Z', evaluations: 25 });
      expect(replay.actions).toEqual([
        expect.objectContaining({ at: '2026-11-18T17:30:00.000Z', objectId: '103', action: 'pause', spendAfter: '0.00', metrics: expect.objectContaining({ spend: '100.00' }) }),
      ]);
    } finally {
      clock = NOW;
    }
  });
});
