// The report property, for one set of stores: a seeded random event stream goes through the real event
// log and the real projector into the analytics store, spend through recordSpend, and every grouping of
// GET /api/reports (rows, totals, series; with and without filters; in time zones west and east of UTC)
// must equal what report-oracle.ts computes from the published events, to the cent. Each engine pair has
// a test file of its own (reports.property*.test.ts), so jest runs the two on separate workers.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { eq, isNotNull } from 'drizzle-orm';
import { createHttpServer, createLogger, encodeEvent, recordSpend, saveEcbRates, schema } from '@tracker/core';
// The test drives the whole pipeline: the API reads what the real projector wrote.
import { startProjector, type Projector } from '@tracker/projector';
import { NO_CLICK_KEY, REPORT_GROUP_BY, type ReportGroupBy, type ReportResponse, type ReportRow, type TrackingEvent } from '@tracker/schemas';
import { hashPassword, registerApi } from '@tracker/api';
import type { PipelineStores } from '../pipeline/open-pipeline-stores';
import { waitForProjection } from '../pipeline/wait-for-projection';
import { seedCakeConversions, type CakeSeed } from './cake-scenario';
import { generateScenario } from './random-event-stream';
import { compareUtf8 as compareBytes, oracleReport, type OracleQuery, type OracleReport, type OracleWorld } from './report-oracle';
import { LATE_RATE, startSyncedSpend, toUsdCents, USD_PER_EUR, usdPerEurOn, type SyncedSpend } from './synced-spend';

// Errors only: a projector that stops making progress says why in the test output (it retries a failing
// batch forever, and the wait for projection then times out with nothing else to go on).
const logger = createLogger('error');
const TIMEZONES = ['America/New_York', 'Asia/Kolkata'];
/** Unfiltered reports are also checked in a zone 45 minutes off the hour. */
const UNFILTERED_TIMEZONES = [...TIMEZONES, 'Asia/Kathmandu'];
const RANGES = [
  { startDate: '2026-03-07', endDate: '2026-03-09' },
  // A one-day report (hourly series) on the day New York moves to summer time.
  { startDate: '2026-03-08', endDate: '2026-03-08' },
];
const FOREVER = 100 * 365 * 86_400_000;

/** 'full': every grouping, filter, audience filter and drill-down (about 2,000 reports). 'pipeline': what depends
 *  on the stores the events went through (every grouping unfiltered, media-buyer scoping, CAKE, synced spend),
 *  for a second pair of stores whose analytics engine is the same as the full run's, so its report SQL is
 *  already checked there: the drill and filter matrix would only repeat that SQL on another seed. */
export type ReportsPropertyMatrix = 'full' | 'pipeline';

export function reportsProperty(open: () => Promise<PipelineStores>, seed: number, matrix: ReportsPropertyMatrix = 'full') {
  const matrixTest = matrix === 'full' ? test : test.skip;
  let stores: PipelineStores;
  let app: FastifyInstance;
  let cookie = '';
  let world: OracleWorld;
  let offerIds: number[] = [];
  let cake: CakeSeed;
  const group = `reports-property-${seed}-${Math.random().toString(36).slice(2, 8)}`;

  // Generous: on a loaded machine the projector takes far longer than the helper's default 30 s.
  const projected = () => waitForProjection(stores.eventLog, group, 300_000);

  async function publish(events: TrackingEvent[]): Promise<void> {
    for (let i = 0; i < events.length; i += 150) await stores.eventLog.publish(events.slice(i, i + 150).map(encodeEvent));
  }

  async function retryAllParked(projector: Projector): Promise<void> {
    while ((await projector.retryParked()) > 0);
  }

  const euroPayouts = (offerId: number, published: Readonly<Record<string, string>>): OracleWorld['payoutFx'] => ({
    euroOffers: new Set([offerId]),
    usdPerEur: (day) => usdPerEurOn(published, day),
    toUsdCents,
  });

  const startProjection = (unattributedAfterMs: number) =>
    startProjector(
      { eventLog: stores.eventLog, analytics: stores.analytics, db: stores.entities.db, logger },
      { group, maxBatchSize: 53, maxWaitMs: 10, parkedRetryMs: 0, unattributedAfterMs },
    );

  beforeAll(async () => {
    stores = await open();
    const db = stores.entities.db;
    const landers = await db.insert(schema.landers).values([{ name: 'Quiz', url: 'https://l.example/q' }, { name: 'Story', url: 'https://l.example/s' }]).returning();
    // Gamma's network pays in euros: its payouts count in dollars at their first postback's day rate.
    const offers = await db
      .insert(schema.offers)
      .values(['Alpha', 'Beta', 'Gamma'].map((name) => ({ name, url: `https://o.example/${name}`, payoutCurrency: name === 'Gamma' ? 'EUR' : null })))
      .returning();
    await saveEcbRates(db, Object.entries(USD_PER_EUR).map(([day, usd]) => ({ day, rates: { USD: usd } })));
    offerIds = offers.map((o) => o.id);
    await db.insert(schema.campaigns).values([
      { id: 'cmpA', name: 'Campaign A', landerId: landers[0]!.id },
      { id: 'cmpB', name: 'Campaign B', landerId: landers[1]!.id },
      { id: 'cmpC', name: 'Campaign C', landerId: landers[0]!.id },
    ]);
    const sparks = await db
      .insert(schema.sparks)
      .values(['One', 'Two', 'Three'].map((name, i) => ({ name: `Spark ${name}`, code: 'x', sparkId: `spark-${i + 1}` })))
      .returning();
    const hash = await hashPassword('property-password');
    const users = await db
      .insert(schema.users)
      .values(['alice', 'bob', 'Zed', 'admin-property'].map((username) => ({ username, password: hash, role: username.startsWith('admin') ? ('admin' as const) : ('user' as const) })))
      .returning();
    const userId = (name: string) => users.find((u) => u.username === name)!.id;
    // Spark Two has two users: the first by username ('Zed' sorts before 'bob') is its media buyer.
    await db.insert(schema.userSparkAssignments).values([
      { userId: userId('alice'), sparkId: sparks[0]!.id },
      { userId: userId('bob'), sparkId: sparks[1]!.id },
      { userId: userId('Zed'), sparkId: sparks[1]!.id },
    ]);
    // alice, a media buyer, reads the Stats screen: scoped to her spark by the server.
    await db.insert(schema.userPermissions).values({ userId: userId('alice'), feature: 'dashboard' });

    const scenario = generateScenario(
      seed,
      {
        // 'gone-campaign', 'spark-ghost' and offer/lander 999 are unknown to the entity store.
        campaignIds: ['cmpA', 'cmpB', 'cmpC', 'gone-campaign'],
        sparkIds: ['spark-1', 'spark-2', 'spark-3', 'spark-ghost'],
        offerIds: [...offerIds, 999],
        landerIds: [...landers.map((l) => l.id), 999],
      },
      { clicks: 700, unattributed: 30 },
    );

    // Round one: conversions of clicks not seen yet wait, parked; round two brings the late clicks.
    let projector = await startProjection(FOREVER);
    await publish(scenario.first);
    await projected();
    await retryAllParked(projector);
    await publish(scenario.second);
    await projected();
    await retryAllParked(projector);
    await projector.stop();
    // The grace period ends: conversions whose click never came count as unattributed.
    projector = await startProjection(0);
    await retryAllParked(projector);
    await projected();
    await projector.stop();

    for (const batch of scenario.spendBatches) await recordSpend(db, stores.analytics, batch);
    cake = await seedCakeConversions(db, [...scenario.first, ...scenario.second]);

    world = {
      events: [...scenario.first, ...scenario.second],
      spend: new Map(scenario.spendBatches.flat().map((r) => [`${r.date}|${r.tiktokCampaignId}`, Math.round(Number(r.spend) * 100)])),
      campaignNames: new Map([['cmpA', 'Campaign A'], ['cmpB', 'Campaign B'], ['cmpC', 'Campaign C']]),
      sparkNames: new Map(sparks.map((s) => [s.sparkId, s.name])),
      offerNames: new Map(offers.map((o) => [o.id, o.name])),
      landerNames: new Map(landers.map((l) => [l.id, l.name])),
      buyerOfSpark: new Map([['spark-1', 'alice'], ['spark-2', 'Zed']]),
      cake: cake.rows,
      payoutFx: euroPayouts(offers.find((o) => o.name === 'Gamma')!.id, USD_PER_EUR),
    };

    app = createHttpServer({ logger, trustProxy: false });
    await registerApi(app, {
      db,
      analytics: stores.analytics,
      changes: stores.entities.changes,
      sessionSecret: 'p'.repeat(32),
      secretsKey: Buffer.alloc(32, 3),
      tiktokApiUrl: 'http://127.0.0.1:9',
      logger,
      webDist: '/nonexistent',
    });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin-property', password: 'property-password' } });
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
  }, 900_000);

  let synced: SyncedSpend | undefined;
  /** One session per user, so the same report asked as that user is the same request (see `compare`). */
  const sessions = new Map<string, string>();
  async function loginAs(username: string): Promise<string> {
    const known = sessions.get(username);
    if (known) return known;
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'property-password' } });
    expect(login.statusCode).toBe(200);
    const session = String(login.headers['set-cookie']).split(';')[0]!;
    sessions.set(username, session);
    return session;
  }

  afterAll(async () => {
    await synced?.close();
    await app?.close();
    await stores?.close();
  });

  /** The report time zone last stored: most comparisons ask in the zone of the one before, and only this
   *  file changes the setting, so the write is skipped then. */
  let storedTimezone: string | undefined;
  async function setTimezone(timezone: string) {
    if (timezone === storedTimezone) return;
    await stores.entities.db
      .insert(schema.settings)
      .values({ key: 'report_timezone', value: timezone })
      .onConflictDoUpdate({ target: schema.settings.key, set: { value: timezone } });
    storedTimezone = timezone;
  }

  /** Reports compared already, per world (a new one after each change of the stored spend): the drill-downs, the
   *  scoped viewer's and the synced-spend tests ask for many of the same reports again (the same query by the same
   *  user on the same stored state), and each costs the server a fifth of a second. A repeat is answered by the
   *  first comparison, whose assertions it would only run again. */
  const compared = new WeakMap<OracleWorld, Map<string, Promise<{ report: ReportResponse; expected: OracleReport }>>>();
  function compare(q: OracleQuery, as = cookie) {
    let seen = compared.get(world);
    if (!seen) compared.set(world, (seen = new Map()));
    const key = `${as}\u0000${JSON.stringify(q)}`;
    let result = seen.get(key);
    if (!result) seen.set(key, (result = compareAnew(q, as)));
    return result;
  }

  async function compareAnew(q: OracleQuery, as: string) {
    await setTimezone(q.timezone);
    const query = new URLSearchParams({ groupBy: q.groupBy, startDate: q.startDate, endDate: q.endDate });
    for (const [name, value] of Object.entries(q.filters)) query.set(name, String(value));
    if (q.drill) {
      query.set('then', q.drill.then);
      query.set('parent', q.drill.parent);
      if (q.drill.then2 !== undefined) query.set('then2', q.drill.then2);
      if (q.drill.parent2 !== undefined) query.set('parent2', q.drill.parent2);
    }
    const res = await app.inject({ method: 'GET', url: `/api/reports?${query}`, headers: { cookie: as } });
    expect(res.statusCode).toBe(200);
    const report = res.json() as ReportResponse;
    const expected = oracleReport(world, q);
    const byKey = (rows: ReportRow[]) => [...rows].sort((a, b) => compareBytes(a.key, b.key));
    expect(report.timezone).toBe(q.timezone);
    expect(byKey(report.rows)).toEqual(expected.rows);
    expect(report.totals).toEqual(expected.totals);
    expect(report.series).toEqual(expected.series);
    return { report, expected };
  }

  /** GET /api/reports/totals for `q` (no drill) equals the totals of its report, compared with the oracle first;
   *  a filtered report's (a scoped viewer's included) are null: only its rows add them up. */
  async function compareTotals(q: OracleQuery, as = cookie) {
    const { report } = await compare(q, as);
    // A report compared before answers from memory: the store's time zone may be another report's since.
    await setTimezone(q.timezone);
    const query = new URLSearchParams({ groupBy: q.groupBy, startDate: q.startDate, endDate: q.endDate });
    for (const [name, value] of Object.entries(q.filters)) query.set(name, String(value));
    const res = await app.inject({ method: 'GET', url: `/api/reports/totals?${query}`, headers: { cookie: as } });
    expect(res.statusCode).toBe(200);
    const { clicks, botClicks, conversions, revenue, spend, profit, roi, roas, cr, epv, cpv, cpa } = report.totals;
    expect(res.json()).toEqual({
      groupBy: q.groupBy,
      startDate: q.startDate,
      endDate: q.endDate,
      timezone: q.timezone,
      totals: Object.keys(q.filters).length > 0 || q.viewerSparks ? null : { clicks, botClicks, conversions, revenue, spend, profit, roi, roas, cr, epv, cpv, cpa },
    });
  }

  test("the generated stream is non-trivial: every grouping has several rows, spend, revenue and a 'No click' row", async () => {
    const { report } = await compare({ timezone: 'America/New_York', groupBy: 'campaign', filters: {}, ...RANGES[0]! });
    expect(report.rows.length).toBeGreaterThanOrEqual(5);
    expect(report.rows.map((r) => r.label)).toEqual(expect.arrayContaining(['Campaign A', 'gone-campaign', 'No click']));
    expect(report.totals.clicks).toBeGreaterThan(200);
    expect(report.totals.botClicks).toBeGreaterThan(0);
    expect(report.totals.conversions).toBeGreaterThan(10);
    expect(report.totals.exitClicks).toBeGreaterThan(50);
    expect(Number(report.totals.spend)).toBeGreaterThan(0);
    // Conversions without a click and spend without visits share the one row.
    expect(report.rows.find((r) => r.key === NO_CLICK_KEY)).toMatchObject({ clicks: 0, conversions: expect.any(Number) });
    expect(report.rows.find((r) => r.key === NO_CLICK_KEY)!.conversions).toBeGreaterThan(0);
    expect(Number(report.rows.find((r) => r.key === NO_CLICK_KEY)!.spend)).toBeGreaterThan(0);
    expect(report.rows.some((r) => r.key === '')).toBe(false);
  });

  test("clicks routed by flow rules: each rule is a row, the default path's clicks the 'Default' row", async () => {
    const { report } = await compare({ timezone: 'Asia/Kolkata', groupBy: 'rule', filters: {}, ...RANGES[0]! });
    expect(report.rows.map((r) => r.label)).toEqual(expect.arrayContaining(['Default', 'US iPhones', 'Bots → offer C', 'Règle "2"\\']));
    for (const row of report.rows.filter((r) => r.key !== NO_CLICK_KEY)) {
      expect(row.clicks).toBeGreaterThan(20);
      expect(Number(row.spend)).toBeGreaterThan(0);
    }
    expect(report.rows.filter((r) => r.key !== NO_CLICK_KEY).some((r) => r.key !== '' && r.conversions > 0)).toBe(true);
  });

  const unfiltered = UNFILTERED_TIMEZONES.flatMap((timezone) =>
    RANGES.flatMap((range) => REPORT_GROUP_BY.map((groupBy): [string, string, string, OracleQuery] => [groupBy, `${range.startDate}..${range.endDate}`, timezone, { timezone, groupBy, filters: {}, ...range }])),
  );
  test.each(unfiltered)('groupBy %s over %s in %s equals the oracle', async (_g, _r, _tz, q) => {
    await compare(q);
  });

  // The dashboard's cards come from the totals alone first (unfiltered: its visits and its days' spend whole, no split).
  // Every way spend is pooled (TikTok campaign, ad group, ad) and every source of visits (rollups, variable rollups),
  // and filtered ones (the whole report's totals then), in every zone, over several days and over one.
  const TOTALS_GROUPINGS: ReportGroupBy[] = ['campaign', 'mediabuyer', 'lander', 'tiktokCampaignId', 'tiktokAdGroupId', 'tiktokCreativeId', 'placement', 'country', 'rule'];
  test('the totals alone (GET /api/reports/totals) equal the report\'s totals unfiltered, and are null filtered', async () => {
    for (const timezone of UNFILTERED_TIMEZONES) {
      for (const range of RANGES) {
        for (const groupBy of TOTALS_GROUPINGS) await compareTotals({ timezone, groupBy, filters: {}, ...range });
        for (const filters of [{ spark: 'spark-2' }, { country: 'US' }, { campaignId: 'cmpA' }]) await compareTotals({ timezone, groupBy: 'tiktokCreativeId', filters, ...range });
      }
    }
  });

  const filterSets = (): Array<OracleQuery['filters']> => [
    { offer: offerIds[0]! },
    { spark: 'spark-2' },
    { spark: 'none' },
    { mediaBuyer: 'Zed' },
    { mediaBuyer: 'none' },
    { campaignId: 'cmpA' },
    { campaignId: 'cmpB', spark: 'spark-1', offer: offerIds[1]! },
  ];
  const filteredGroupings: ReportGroupBy[] = ['campaign', 'mediabuyer', 'offer', 'tiktokCreativeId'];
  matrixTest.each(TIMEZONES.flatMap((tz) => filteredGroupings.map((g): [ReportGroupBy, string] => [g, tz])))(
    'groupBy %s with each filter in %s equals the oracle',
    async (groupBy, timezone) => {
      for (const filters of filterSets()) {
        for (const range of RANGES) await compare({ timezone, groupBy, filters, ...range });
      }
    },
  );

  // CAKE: postbacks are the truth per transaction; CAKE fills in only the clicks no
  // postback reported. The world holds both kinds, so every test above checks that too.
  test('CAKE conversions: a click both a postback and CAKE report counts once, a click only CAKE reports counts', async () => {
    expect(cake.reportedByBoth.length).toBeGreaterThan(3);
    expect(cake.onlyCake.length).toBeGreaterThan(3);
    const { report } = await compare({ timezone: 'America/New_York', groupBy: 'campaign', filters: {}, ...RANGES[0]! });
    const withoutCake = oracleReport({ ...world, cake: [] }, { timezone: 'America/New_York', groupBy: 'campaign', filters: {}, ...RANGES[0]! });
    // CAKE added conversions and revenue, and only those of its own clicks.
    expect(report.totals.conversions).toBeGreaterThan(withoutCake.totals.conversions);
    expect(Number(report.totals.revenue)).toBeGreaterThan(Number(withoutCake.totals.revenue));
  });

  // Media buyers: alice, assigned Spark One, sees only its clicks, their conversions
  // and their allocated spend, in every grouping, filtered or not, and in drill-downs; no 'No click' row.
  test.each(['campaign', 'mediabuyer', 'offer', 'spark', 'placement'] as ReportGroupBy[])('a scoped media buyer sees only their sparks in groupBy %s', async (groupBy) => {
    const alice = await loginAs('alice');
    for (const range of RANGES) {
      for (const filters of [{}, { campaignId: 'cmpA' }, { spark: 'spark-2' }]) {
        const { report } = await compare({ timezone: 'Asia/Kolkata', groupBy, filters, viewerSparks: ['spark-1'], ...range }, alice);
        expect(report.rows.some((r) => r.key === NO_CLICK_KEY)).toBe(false);
        await compareTotals({ timezone: 'Asia/Kolkata', groupBy, filters, viewerSparks: ['spark-1'], ...range }, alice);
      }
      const { report: top } = await compare({ timezone: 'Asia/Kolkata', groupBy, filters: {}, viewerSparks: ['spark-1'], ...range }, alice);
      for (const parent of ['placement'].includes(groupBy) ? [] : top.rows.slice(0, 3)) {
        await compare({ timezone: 'Asia/Kolkata', groupBy, filters: {}, viewerSparks: ['spark-1'], ...range, drill: { then: groupBy === 'campaign' ? 'offer' : 'campaign', parent: parent.key } }, alice);
      }
    }
  });

  // Audience filters: one alone (variable rollups), two at once, with 'none', beside
  // the other filters, and under tracking-variable and lander groupings (raw facts).
  const audienceFilterSets = (): Array<OracleQuery['filters']> => [
    { country: 'US' },
    { device: 'Mobile' },
    { os: 'none' },
    { browser: 'Chrome', spark: 'spark-2' },
    { country: 'DE', os: 'Windows' },
    { country: 'none', device: 'Desktop', campaignId: 'cmpA' },
    // The flow rule is filtered like the audience: a name, or 'none' for the default path.
    { rule: 'US iPhones' },
    { rule: 'none', device: 'Mobile' },
  ];
  const audienceGroupings: ReportGroupBy[] = ['campaign', 'lander', 'mediabuyer', 'tiktokCampaignId', 'placement', 'country', 'rule'];
  matrixTest.each(TIMEZONES.flatMap((tz) => audienceGroupings.map((g): [ReportGroupBy, string] => [g, tz])))(
    'groupBy %s with each audience filter in %s equals the oracle',
    async (groupBy, timezone) => {
      for (const filters of audienceFilterSets()) {
        for (const range of RANGES) await compare({ timezone, groupBy, filters, ...range });
      }
    },
  );

  test('an audience filter finds clicks: the filtered reports are not empty', async () => {
    for (const filters of audienceFilterSets().slice(0, 3)) {
      const { report } = await compare({ timezone: 'Asia/Kolkata', groupBy: 'campaign', filters, ...RANGES[0]! });
      expect(report.totals.clicks).toBeGreaterThan(20);
      expect(Number(report.totals.spend)).toBeGreaterThan(0);
    }
  });

  // Drill-down: under every row of the top level, the next level's rows equal the oracle's, and the
  // drill's totals are that row to the cent (its children add up to it but for the odd cent of each split).
  const DRILL_PAIRS: Array<[ReportGroupBy, ReportGroupBy]> = [
    ['campaign', 'offer'],
    ['campaign', 'placement'],
    ['offer', 'campaign'],
    ['lander', 'spark'],
    ['mediabuyer', 'adGroupName'],
    ['spark', 'mediabuyer'],
    ['tiktokCampaignId', 'creativeName'],
    // A tracking variable under another one, and beside a lander: read from the raw facts.
    ['creativeName', 'placement'],
    ['placement', 'country'],
    ['country', 'tiktokCampaignId'],
    ['lander', 'os'],
    ['browser', 'lander'],
    ['campaign', 'rule'],
    ['rule', 'offer'],
  ];
  const drillFilters = (): Array<OracleQuery['filters']> => [{}, { spark: 'spark-2' }, { campaignId: 'cmpA', offer: offerIds[0]! }, { device: 'Mobile' }];
  matrixTest.each(DRILL_PAIRS)("drilling from %s into %s: every parent's children equal the oracle, the totals are the parent", async (groupBy, then) => {
    const timezone = 'Asia/Kolkata';
    for (const filters of drillFilters()) {
      for (const range of RANGES) {
        const { report: top } = await compare({ timezone, groupBy, filters, ...range });
        for (const parent of top.rows) {
          const { report } = await compare({ timezone, groupBy, filters, ...range, drill: { then, parent: parent.key } });
          const { key: _k, label: _l, linkClicks: _lc, exitClicks: _ec, landerCtr: _lctr, ...figures } = parent;
          expect(report.totals).toMatchObject({ ...figures, label: parent.label });
        }
      }
    }
  });

  // One rounding path: a drill-down's child shows the spend the flat report shows for the same clicks,
  // filtered by the child's value (campaign → US equals country=US for that campaign).
  matrixTest.each([['placement', 'country'], ['lander', 'os']] as Array<[ReportGroupBy, 'country' | 'os']>)(
    'drilling from %s into %s gives each child the spend of the same filter',
    async (groupBy, then) => {
      const timezone = 'Asia/Kolkata';
      const range = RANGES[0]!;
      for (const filters of [{}, { spark: 'spark-2' }] as Array<OracleQuery['filters']>) {
        const { report: top } = await compare({ timezone, groupBy, filters, ...range });
        for (const parent of top.rows.filter((r) => r.key !== NO_CLICK_KEY)) {
          const { report } = await compare({ timezone, groupBy, filters, ...range, drill: { then, parent: parent.key } });
          for (const child of report.rows) {
            const { report: filtered } = await compare({ timezone, groupBy, filters: { ...filters, [then]: child.key === '' ? 'none' : child.key }, ...range });
            expect([parent.key, child.key, child.spend]).toEqual([parent.key, child.key, filtered.rows.find((r) => r.key === parent.key)!.spend]);
          }
        }
      }
    },
  );

  // Three levels (campaign → ad name → placement, the example; and variables all the way down):
  // under every second-level row of every first-level row, the third level equals the oracle and sums to it.
  const DRILL_TRIPLES: Array<[ReportGroupBy, ReportGroupBy, ReportGroupBy]> = [
    ['campaign', 'creativeName', 'placement'],
    ['country', 'placement', 'device'],
    ['offer', 'lander', 'browser'],
  ];
  matrixTest.each(DRILL_TRIPLES)('drilling %s → %s → %s: every third level equals the oracle and sums to its row', async (groupBy, then, then2) => {
    const timezone = 'America/New_York';
    for (const filters of [{}, { os: 'iOS' }] as Array<OracleQuery['filters']>) {
      const range = RANGES[0]!;
      const { report: top } = await compare({ timezone, groupBy, filters, ...range });
      for (const parent of top.rows) {
        const { report: middle } = await compare({ timezone, groupBy, filters, ...range, drill: { then, parent: parent.key } });
        for (const parent2 of middle.rows) {
          const { report } = await compare({ timezone, groupBy, filters, ...range, drill: { then, parent: parent.key, then2, parent2: parent2.key } });
          const { key: _k, label: _l, linkClicks: _lc, exitClicks: _ec, landerCtr: _lctr, ...figures } = parent2;
          expect(report.totals).toMatchObject({ ...figures, label: parent2.label });
        }
      }
    }
  });

  // Spend synced from TikTok (synced-spend.ts). Last, since they change the world's spend.
  const SYNCED_GROUPINGS: ReportGroupBy[] = ['campaign', 'tiktokCampaignId', 'mediabuyer', 'spark'];
  // By ad group and ad each gets its own synced spend (an ad with spend and no visits is its own row), filtered
  // or not, and so do their drill-downs; the opened row is always its row one level up.
  const AD_GROUPINGS: ReportGroupBy[] = ['tiktokAdGroupId', 'tiktokCreativeId'];
  const AD_DRILLS: Array<[ReportGroupBy, ReportGroupBy]> = [['campaign', 'tiktokCreativeId'], ['tiktokCreativeId', 'country'], ['tiktokAdGroupId', 'tiktokCreativeId']];
  /** `drills`: the ad-level drill-downs too (once: they are the suite's costliest reports). */
  async function compareSyncedSpend({ drills = false } = {}) {
    for (const timezone of TIMEZONES) {
      for (const range of RANGES) {
        for (const groupBy of [...SYNCED_GROUPINGS, ...AD_GROUPINGS]) await compare({ timezone, groupBy, filters: {}, ...range });
        for (const groupBy of ['campaign', ...AD_GROUPINGS] as ReportGroupBy[]) await compareTotals({ timezone, groupBy, filters: {}, ...range });
        await compare({ timezone, groupBy: 'campaign', filters: { spark: 'spark-2' }, ...range });
        for (const filters of [{ spark: 'spark-2' }, { country: 'US' }]) await compare({ timezone, groupBy: 'tiktokCreativeId', filters, ...range });
      }
    }
    const timezone = 'America/Los_Angeles';
    for (const range of drills ? RANGES : []) {
      for (const [groupBy, then] of AD_DRILLS) {
        const { report: top } = await compare({ timezone, groupBy, filters: {}, ...range });
        // A few rows, and two rows of spend alone (an ad group or ad no click carries).
        for (const parent of [...top.rows.filter((r) => r.clicks > 0).slice(0, 4), ...top.rows.filter((r) => r.clicks === 0).slice(0, 2)]) {
          const { report } = await compare({ timezone, groupBy, filters: {}, ...range, drill: { then, parent: parent.key } });
          const { key: _k, label: _l, linkClicks: _lc, exitClicks: _ec, landerCtr: _lctr, ...figures } = parent;
          expect(report.totals).toMatchObject({ ...figures, label: parent.label });
        }
      }
    }
    // Not vacuous: ads with visits have their own spend, and an ad no click carries is a row of spend alone.
    const { report: ads } = await compare({ timezone, groupBy: 'tiktokCreativeId', filters: {}, ...RANGES[0]! });
    expect(ads.rows.filter((r) => r.clicks > 0 && Number(r.spend) > 0).length).toBeGreaterThan(3);
    expect(ads.rows.some((r) => r.clicks === 0 && Number(r.spend) > 0 && /-cr4$|-ag3-/.test(r.key))).toBe(true);
  }

  test('after a TikTok spend sync (advertisers in Los Angeles and Shanghai), every total equals the oracle', async () => {
    synced = await startSyncedSpend({ db: stores.entities.db, analytics: stores.analytics }, seed);
    await synced.sync();
    const before = world.spend;
    world = { ...world, ...synced.expectedSpend({ spend: world.spend, hourlySpend: world.hourlySpend ?? new Map(), adSpend: world.adSpend ?? new Map() }) };
    expect(world.spend).not.toEqual(before);
    expect(world.hourlySpend!.size).toBeGreaterThan(0);
    await compareSyncedSpend({ drills: true });
  });

  test("euro spend and euro payouts wait for their day's rate and count once it is published: every total equals the oracle", async () => {
    const db = stores.entities.db;
    const waiting = await db.select().from(schema.tiktokAdSpend).where(eq(schema.tiktokAdSpend.fxPending, true));
    expect(waiting.length).toBeGreaterThan(0);
    expect(new Set(waiting.map((r) => r.advertiserDay))).toEqual(new Set(['2026-03-10']));
    // Not vacuous: Gamma's payouts were converted, and those of Tuesday the 10th wait, parked for its rate.
    const converted = await db.select().from(schema.postbackConversions).where(eq(schema.postbackConversions.originalCurrency, 'EUR'));
    expect(converted.length).toBeGreaterThan(5);
    const parkedForRate = async () =>
      (await db.select().from(schema.parkedConversions).where(isNotNull(schema.parkedConversions.rateDay))).map((p) => p.rateDay);
    expect((await parkedForRate()).filter((d) => d === LATE_RATE.day).length).toBeGreaterThan(0);

    await synced!.publishLateRate();
    const projector = await startProjection(0);
    await retryAllParked(projector);
    await projector.stop();
    // Only days later than the 10th (never published here) still wait.
    expect((await parkedForRate()).filter((d) => d! <= LATE_RATE.day)).toEqual([]);
    const before = world.spend;
    world = {
      ...world,
      ...synced!.expectedSpend({ spend: world.spend, hourlySpend: world.hourlySpend ?? new Map(), adSpend: world.adSpend ?? new Map() }),
      payoutFx: euroPayouts([...world.payoutFx!.euroOffers][0]!, { ...USD_PER_EUR, [LATE_RATE.day]: LATE_RATE.usdPerEur }),
    };
    expect(world.spend).not.toEqual(before);
    await compareSyncedSpend();
  });

  test('after a re-sync that changes a day (a figure moves, a campaign drops out), every total equals the oracle', async () => {
    synced!.changeADay();
    await synced!.sync();
    const before = world.hourlySpend;
    world = { ...world, ...synced!.expectedSpend({ spend: world.spend, hourlySpend: world.hourlySpend ?? new Map(), adSpend: world.adSpend ?? new Map() }) };
    expect(world.hourlySpend).not.toEqual(before);
    await compareSyncedSpend();
  });
}
