// The auto-optimiser on real PGlite and chDB stores: POST /api/campaigns/:id/flow/optimize for an admin only; a
// clearly better lander gains down to the floor for the other, over the last 7 report days only; the change is in the
// history by the auto-optimiser with its why and the tracking catalogue is told; nothing moves (and nothing is
// recorded) without the minimum sample or for less than a point; each path of a flow with rules is weighed on its own clicks; a person's save made
// while the flow was measured is never overwritten; and the scheduled run touches only flows with auto-optimise on.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { CATALOG_CHANNEL, insertClicks, schema } from '@tracker/core';
import type { CampaignFlow, FlowChangeEntry, FlowOptimization } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, watchChanges, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow } from '../testing/fact-rows';
import { applyFlowOptimization, planFlowOptimization } from './optimize-campaign-flow';
import { optimizeCampaignFlows } from './optimize-campaign-flows';

let h: ApiHarness;
let cookies: CallerCookies;
let admin: string;
let quiz: number;
let story: number;
let keto: number;
let slim: number;

const DAY = 86_400_000;
const dayText = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
/** Yesterday noon UTC (the report time zone here): inside the window whenever the test runs. */
const RECENT = `${dayText(DAY)} 12:00:00.000`;

let nextClick = 0;
/** Clicks of the campaign to a lander and Keto, `conversions` of them converted at $10. */
async function traffic(campaignId: string, landerId: number, visits: number, conversions: number, at = RECENT, rule = '') {
  const clicks = [];
  const sales = [];
  for (let i = 0; i < visits; i++) {
    const id = `c${nextClick++}`;
    clicks.push(clickRow(id, at, { campaign_id: campaignId, lander_id: landerId, offer_id: keto, rule }));
    if (i < conversions) sales.push(conversionRow(`v-${id}`, 1, id, at, 'approved', '10.00', { campaign_id: campaignId, lander_id: landerId, offer_id: keto, rule }));
  }
  await insertClicks(h.analytics, clicks);
  if (sales.length) await h.analytics.insert('conversions', sales);
}

const flowOf = (autoOptimize: boolean, extra: Partial<CampaignFlow['defaultPath']> = {}): CampaignFlow => ({
  rules: [],
  defaultPath: {
    landers: [{ landerId: quiz, weight: 50 }, { landerId: story, weight: 50 }],
    // Slim is paused: the optimiser leaves it at 0, and one offer in rotation is nothing to weigh.
    offers: [{ offerId: keto, weight: 100 }, { offerId: slim, weight: 0 }],
    autoOptimize,
    ...extra,
  },
  fallbackOfferId: null,
});

let campaigns = 0;
async function campaignWith(flow: CampaignFlow): Promise<string> {
  const id = `autoOpt${String(campaigns++).padStart(5, '0')}`;
  await h.entities.db.insert(schema.campaigns).values({ id, name: `Auto ${campaigns}`, landerId: quiz, offerId: keto, flow });
  return id;
}

/** Story converts 10 %, Quiz 2 %, over 400 visits each: a clear lead. */
async function clearLead(campaignId: string) {
  await traffic(campaignId, quiz, 400, 8);
  await traffic(campaignId, story, 400, 40);
}

const optimize = (id: string, cookie = admin) => h.call({ method: 'POST', url: `/api/campaigns/${id}/flow/optimize`, cookie });
const getFlow = async (id: string) => (await h.call({ method: 'GET', url: `/api/campaigns/${id}/flow`, cookie: admin })).json<CampaignFlow>();
const history = async (id: string) => (await h.call({ method: 'GET', url: `/api/campaigns/${id}/flow/history`, cookie: admin })).json<FlowChangeEntry[]>();
/** What the optimiser runs on, as the route and the job give it. */
const deps = () => ({ db: h.entities.db, analytics: h.analytics, changes: h.entities.changes });
const weights = (flow: CampaignFlow) => ({ landers: flow.defaultPath.landers.map((l) => l.weight), offers: flow.defaultPath.offers.map((o) => o.weight) });

beforeAll(async () => {
  h = await createApiHarness();
  cookies = await signInCallers(h, { with: ['campaigns'], without: ['landers'] });
  admin = cookies.admin!;
  const db = h.entities.db;
  [quiz, story] = (await db.insert(schema.landers).values(['Quiz', 'Story'].map((name) => ({ name, url: `https://l.example/${name}` }))).returning()).map((l) => l.id) as [number, number];
  [keto, slim] = (await db.insert(schema.offers).values(['Keto', 'Slim'].map((name) => ({ name, url: `https://o.example/${name}` }))).returning()).map((o) => o.id) as [number, number];
}, 60_000);
afterAll(() => h.close());

describe('access', () => {
  const cases = accessTable([
    { route: 'POST /api/campaigns/:id/flow/optimize', request: async () => ({ method: 'POST', url: `/api/campaigns/${await campaignWith(flowOf(true))}/flow/optimize` }), statuses: [401, 403, 403, 200] },
  ]);
  test.each(cases)('%s as %s → %i', (_route, caller, status, c) => expectAccess(h, cookies, caller, status, c).then(() => {}));

  test('an unknown campaign is a 404', async () => {
    expect((await optimize('nope')).statusCode).toBe(404);
  });
});

describe('POST /api/campaigns/:id/flow/optimize', () => {
  test('moves the weights toward the clearly better lander, down to the 10 % floor, and says why', async () => {
    const id = await campaignWith(flowOf(true));
    await clearLead(id);
    // Ten days ago Quiz was the star: outside the 7-day window, it must not count.
    await traffic(id, quiz, 400, 200, `${dayText(10 * DAY)} 12:00:00.000`);
    const notified = await watchChanges(h.entities, CATALOG_CHANNEL);

    const res = await optimize(id);
    expect(res.statusCode).toBe(200);
    const body = res.json<FlowOptimization>();
    expect(body).toMatchObject({ campaignId: id, saved: true, window: { startDate: dayText(6 * DAY), endDate: dayText(0), timezone: 'UTC' } });
    const [path] = body.paths;
    expect(path).toMatchObject({ rule: null, metric: 'cr', floorPercent: 10 });
    expect(path!.landers.changed).toBe(true);
    expect(path!.landers.items.map((i) => [i.name, i.visits, i.conversions, i.before, i.after])).toEqual([
      ['Quiz', 400, 8, 50, 10],
      ['Story', 400, 40, 50, 90],
    ]);
    expect(path!.landers.items[1]!.probabilityToBeBest).toBeGreaterThan(0.99);
    expect(path!.offers).toMatchObject({ changed: false, reason: 'One offer in rotation: nothing to weigh' });
    expect(body.summary).toBe('Default path landers: Quiz 50 → 10, Story 50 → 90. Default path offers: one offer in rotation: nothing to weigh.');

    expect(weights(await getFlow(id))).toEqual({ landers: [10, 90], offers: [100, 0] });
    expect(await notified.settle(1)).toBeGreaterThanOrEqual(1);
    const [change] = await history(id);
    expect(change!.by).toBeNull();
    expect(change!.reason).toMatch(new RegExp(`^Auto-optimised over ${dayText(6 * DAY)} to ${dayText(0)} \\(UTC\\)\\. Default path landers by CR, floor 10 %: probability to be best Quiz \\d+\\.\\d %, Story 100\\.0 %$`));
    expect(weights(change!.before).landers).toEqual([50, 50]);
    expect(weights(change!.after).landers).toEqual([10, 90]);
  });

  test('a second run on the same data moves nothing and records nothing', async () => {
    const id = await campaignWith(flowOf(true));
    await clearLead(id);
    expect((await optimize(id)).json<FlowOptimization>().saved).toBe(true);
    const again = (await optimize(id)).json<FlowOptimization>();
    expect(again.saved).toBe(false);
    expect(again.paths[0]!.landers.reason).toMatch(/^No weight would move by a whole point \(probability to be best Quiz/);
    expect(await history(id)).toHaveLength(1);
  });

  test('the path’s floor and metric are its own: EPV with a 20 % floor', async () => {
    const id = await campaignWith(flowOf(true, { autoOptimizeMetric: 'epv', autoOptimizeFloor: 20 }));
    await clearLead(id);
    const body = (await optimize(id)).json<FlowOptimization>();
    expect(body.paths[0]).toMatchObject({ metric: 'epv', floorPercent: 20 });
    expect(weights(await getFlow(id)).landers).toEqual([20, 80]);
    expect((await history(id))[0]!.reason).toContain('Default path landers by EPV, floor 20 %');
  });

  test('below the split test’s minimum sample nothing moves and nothing is recorded', async () => {
    const id = await campaignWith(flowOf(true));
    await traffic(id, quiz, 249, 2);
    await traffic(id, story, 400, 40);
    const body = (await optimize(id)).json<FlowOptimization>();
    expect(body.saved).toBe(false);
    expect(body.paths[0]!.landers.reason).toBe(
      `Not enough data over ${dayText(6 * DAY)} to ${dayText(0)} (UTC): every lander in rotation needs 250 visits and the landers 20 conversions together (Quiz 249 visits, Story 400 visits; 42 conversions)`,
    );
    expect(weights(await getFlow(id)).landers).toEqual([50, 50]);
    expect(await history(id)).toEqual([]);
  });

  test('with auto-optimise off it says so and changes nothing', async () => {
    const id = await campaignWith(flowOf(false));
    await clearLead(id);
    const body = (await optimize(id)).json<FlowOptimization>();
    expect(body).toMatchObject({ saved: false, paths: [], summary: 'Auto-optimise is off on every path of this flow: nothing to weigh.' });
    expect(weights(await getFlow(id)).landers).toEqual([50, 50]);
  });

  test('with rules, each path is weighed on the clicks its own rule routed', async () => {
    const flow = flowOf(true);
    flow.rules = [{ name: 'Germany', conditions: [{ field: 'country', op: 'in', values: ['DE'] }], path: { ...flow.defaultPath } }];
    const id = await campaignWith(flow);
    // The default path's clicks (rule '') favour Story; Germany's favour Quiz, by as much.
    await clearLead(id);
    await traffic(id, quiz, 400, 40, RECENT, 'Germany');
    await traffic(id, story, 400, 8, RECENT, 'Germany');
    const body = (await optimize(id)).json<FlowOptimization>();
    expect(body.saved).toBe(true);
    expect(body.paths.map((p) => [p.rule, p.landers.items.map((i) => [i.name, i.visits, i.conversions, i.after])])).toEqual([
      [null, [['Quiz', 400, 8, 10], ['Story', 400, 40, 90]]],
      ['Germany', [['Quiz', 400, 40, 90], ['Story', 400, 8, 10]]],
    ]);
    const saved = await getFlow(id);
    expect(weights(saved).landers).toEqual([10, 90]);
    expect(saved.rules[0]!.path.landers.map((l) => l.weight)).toEqual([90, 10]);
  });
});

describe('a person’s save while the flow is measured', () => {
  test('is never overwritten: the optimiser saves nothing and says so; the next run weighs the new flow', async () => {
    const id = await campaignWith(flowOf(true));
    await clearLead(id);
    const plan = await planFlowOptimization(deps(), id, Date.now());
    expect(plan.outcome.paths[0]!.landers.changed).toBe(true);

    const mine = flowOf(true);
    mine.defaultPath.landers = [{ landerId: quiz, weight: 70 }, { landerId: story, weight: 30 }];
    expect((await h.call({ method: 'PUT', url: `/api/campaigns/${id}/flow`, cookie: admin, payload: mine })).statusCode).toBe(200);

    const outcome = await applyFlowOptimization(deps(), plan);
    expect(outcome.saved).toBe(false);
    expect(outcome.paths[0]!.landers).toMatchObject({ changed: false, reason: expect.stringContaining('saved by someone else while it was measured') });
    expect(weights(await getFlow(id)).landers).toEqual([70, 30]);
    expect((await history(id)).map((c) => c.reason)).toEqual(['Flow saved']);

    // The next run starts from the person's flow.
    expect((await optimize(id)).json<FlowOptimization>().paths[0]!.landers.items.map((i) => [i.before, i.after])).toEqual([
      [70, 10],
      [30, 90],
    ]);
  });
});

describe('the scheduled run', () => {
  test('optimises every campaign with a path on auto-optimise, and only those', async () => {
    const on = await campaignWith(flowOf(true));
    const off = await campaignWith(flowOf(false));
    await clearLead(on);
    await clearLead(off);
    const run = await optimizeCampaignFlows(deps(), Date.now());
    expect(run.failed).toEqual([]);
    expect(run.optimized.map((o) => o.campaignId)).toContain(on);
    expect(run.optimized.map((o) => o.campaignId)).not.toContain(off);
    expect(weights(await getFlow(on)).landers).toEqual([10, 90]);
    expect(weights(await getFlow(off)).landers).toEqual([50, 50]);
    expect(await history(off)).toEqual([]);
  });
});

describe('the floor on save', () => {
  test('is refused when the items in rotation cannot all have it, naming the most they can', async () => {
    const id = await campaignWith(flowOf(false));
    const body = flowOf(true, { autoOptimizeFloor: 40 });
    body.defaultPath.landers.push({ landerId: (await h.entities.db.insert(schema.landers).values({ name: 'Third', url: 'https://l.example/3' }).returning())[0]!.id, weight: 10 });
    const res = await h.call({ method: 'PUT', url: `/api/campaigns/${id}/flow`, cookie: admin, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain("With 3 landers in rotation, the auto-optimiser's floor can be at most 33 %");
    // Off, the floor is not in use: the same flow saves.
    expect((await h.call({ method: 'PUT', url: `/api/campaigns/${id}/flow`, cookie: admin, payload: { ...body, defaultPath: { ...body.defaultPath, autoOptimize: false } } })).statusCode).toBe(200);
  });
});
