// The auto-optimiser's scheduled job end to end, wired as `tracker` wires it: the workers' schedule enqueues the
// slot's job on the queue (in-process on PGlite, BullMQ on Redis with PostgreSQL), the job weighs every campaign with
// a path on auto-optimise (and only those) from the report's figures, the history records the change by the
// auto-optimiser, and the ingest's in-memory catalogue, told through the change feed, routes by the new weights.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createHttpServer, createLogger, insertClicks, migrateAnalytics, schema, type Analytics, type EventLog, type HttpServer } from '@tracker/core';
import { openChdbAnalytics, openEventLog } from '@tracker/core/testing';
import { optimizeCampaignFlows } from '@tracker/api';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { registerProcessors } from '@tracker/workers';
import { FLOW_OPTIMIZE_JOB, TRACKING_VARIABLES, type CampaignFlow } from '@tracker/schemas';
import { eq } from 'drizzle-orm';
import { describeOnJobEngines, type JobEngines } from '../pipeline/job-engines';

const logger = createLogger('silent');
const EVERY_MS = 15 * 60_000;
/** Yesterday noon UTC (the report time zone here): inside the optimiser's 7-day window whenever the test runs. */
const AT = `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)} 12:00:00.000`;
const NO_VARIABLES = Object.fromEntries(TRACKING_VARIABLES.map((v) => [v.column, '']));

function autoOptimizerJob(open: () => Promise<JobEngines>) {
  let engines: JobEngines;
  let analytics: Analytics;
  let eventLog: EventLog;
  let dir: string;
  let server: HttpServer;
  let ingest: Ingest;
  let stopSchedules: () => Promise<void>;
  /** The slots the schedule's first tick may have fallen in (a slot may turn while it starts). */
  let slots: number[];
  let quiz: number;
  let story: number;
  let keto: number;

  const flow = (autoOptimize: boolean): CampaignFlow => ({
    rules: [],
    defaultPath: { landers: [{ landerId: quiz, weight: 50 }, { landerId: story, weight: 50 }], offers: [{ offerId: keto, weight: 100 }], autoOptimize },
    fallbackOfferId: null,
  });

  /** 400 visits a lander; Quiz converts 2 %, Story 10 %. */
  async function clearLead(campaignId: string) {
    const clicks = [];
    const conversions = [];
    for (const [landerId, converted] of [[quiz, 8], [story, 40]] as const) {
      for (let i = 0; i < 400; i++) {
        const clickId = `${campaignId}-${landerId}-${i}`;
        const dimensions = { campaign_id: campaignId, lander_id: landerId, offer_id: keto, spark_id: '', ...NO_VARIABLES };
        clicks.push({ click_id: clickId, clicked_at: AT, ...dimensions, ttclid: '', ip: '10.0.0.1', user_agent: 'UA', referrer: '', bot: '', log_partition: 0, log_offset: 0 });
        if (i < converted) {
          conversions.push({
            event_id: `v-${clickId}`, sign: 1, transaction_id: `tx-${clickId}`, click_id: clickId, converted_at: AT, clicked_at: AT, attributed: 1, ...dimensions,
            status: 'approved', payout: '10.00', network_offer_id: '', network_offer_name: '', log_partition: 0, log_offset: 0,
          });
        }
      }
    }
    await insertClicks(analytics, clicks);
    await analytics.insert('conversions', conversions);
  }

  const storedFlow = async (id: string) => (await engines.entities.db.select({ flow: schema.campaigns.flow }).from(schema.campaigns).where(eq(schema.campaigns.id, id)))[0]!.flow!;
  const history = (id: string) => engines.entities.db.select().from(schema.campaignFlowChanges).where(eq(schema.campaignFlowChanges.campaignId, id));

  beforeAll(async () => {
    engines = await open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-auto-optimizer-'));
    analytics = await openChdbAnalytics(path.join(dir, 'ch'));
    await migrateAnalytics(analytics);
    eventLog = await openEventLog({ dir: path.join(dir, 'log') });
    const db = engines.entities.db;
    [quiz, story] = (await db.insert(schema.landers).values(['Quiz', 'Story'].map((name) => ({ name, url: `https://l.example/${name}` }))).returning()).map((l) => l.id) as [number, number];
    [keto] = (await db.insert(schema.offers).values({ name: 'Keto', url: 'https://o.example/keto' }).returning()).map((o) => o.id) as [number];
    await db.insert(schema.campaigns).values([
      { id: 'autoOptOn001', name: 'On', landerId: quiz, offerId: keto, flow: flow(true) },
      { id: 'autoOptOff01', name: 'Off', landerId: quiz, offerId: keto, flow: flow(false) },
    ]);
    await clearLead('autoOptOn001');
    await clearLead('autoOptOff01');

    server = createHttpServer({ logger, trustProxy: false });
    ingest = await registerIngest(server, { db, changes: engines.entities.changes, eventLog, analytics, logger });
    const { startSchedules } = registerProcessors(engines.queue, {
      db,
      analytics,
      secretsKey: Buffer.alloc(32, 5),
      tiktokApiUrl: 'http://127.0.0.1:9',
      logger,
      optimizeFlows: (now) => optimizeCampaignFlows({ db, analytics, changes: engines.entities.changes }, now),
    });
    await engines.queue.start();
    const before = Math.floor(Date.now() / EVERY_MS);
    stopSchedules = await startSchedules();
    slots = [...new Set([before, Math.floor(Date.now() / EVERY_MS)])];
  }, 120_000);

  afterAll(async () => {
    await stopSchedules?.();
    ingest?.stop();
    await server?.close();
    await engines?.queue.close();
    await eventLog?.close();
    await analytics?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await engines?.close();
  });

  test('the slot’s job moves the auto-optimised campaign’s weights, leaves the other alone, and /r’s catalogue follows', async () => {
    // The schedule's first tick enqueues the current slot at once.
    const slotJob = async () => (await Promise.all(slots.map((slot) => engines.queue.get(`${FLOW_OPTIMIZE_JOB}-${EVERY_MS}-${slot}`)))).find(Boolean);
    const deadline = Date.now() + 60_000;
    while ((await slotJob())?.status !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const job = await slotJob();
    expect({ status: job?.status, error: job?.error }).toEqual({ status: 'completed', error: null });
    expect(job!.result).toEqual({ campaigns: 1, saved: 1 });

    expect((await storedFlow('autoOptOn001')).defaultPath.landers.map((l) => l.weight)).toEqual([10, 90]);
    expect((await storedFlow('autoOptOff01')).defaultPath.landers.map((l) => l.weight)).toEqual([50, 50]);
    const [change] = await history('autoOptOn001');
    expect(change).toMatchObject({ changedBy: null, reason: expect.stringMatching(/^Auto-optimised over .* Default path landers by CR, floor 10 %: probability to be best Quiz/) });
    expect(await history('autoOptOff01')).toEqual([]);

    // The catalogue reloads on the change feed's notice: Quiz then takes 10 of every 100 visits.
    const until = Date.now() + 10_000;
    const rotation = () => ingest.catalog.current.campaigns.get('autoOptOn001')!.flow.defaultPath.landers;
    while (rotation().cumulative.join() !== '10,100' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(rotation()).toEqual({ ids: [quiz, story], cumulative: [10, 100], total: 100 });
  }, 90_000);
}

describeOnJobEngines('auto-optimiser job', 'auto-optimizer', autoOptimizerJob);
