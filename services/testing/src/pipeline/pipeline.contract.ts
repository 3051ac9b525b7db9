// The tracking pipeline end to end, on whichever engines `open` gives: HTTP requests to the ingest,
// the event log, the projector, and what lands in the analytics store and the ledger.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  createHttpServer,
  createLogger,
  encodeEvent,
  makeEvent,
  newEventId,
  schema,
  type Analytics,
  type EventLog,
  type LogRecord,
} from '@tracker/core';
import { registerIngest, type Ingest } from '@tracker/ingest';
import { startProjector, type Projector, type ProjectorOptions } from '@tracker/projector';
import type { PipelineStores } from './open-pipeline-stores';
import { waitForProjection } from './wait-for-projection';

const logger = createLogger('silent');

export function pipelineContract(open: () => Promise<PipelineStores>) {
  let stores: PipelineStores;
  let app: FastifyInstance;
  let ingest: Ingest;
  let projector: Projector;
  let postbackKey = '';
  const group = `projector-${Math.random().toString(36).slice(2, 8)}`;

  const startProjection = (options: ProjectorOptions = {}) =>
    startProjector(
      { eventLog: stores.eventLog, analytics: stores.analytics, db: stores.entities.db, logger },
      { group, maxWaitMs: 10, parkedRetryMs: 0, ...options },
    );

  /** Waits until the projector has committed everything published so far. */
  const projected = (groupName = group, timeoutMs = 30_000) => waitForProjection(stores.eventLog, groupName, timeoutMs);

  const count = async (sql: string, params?: Record<string, string>) =>
    Number((await stores.analytics.query<{ n: number }>(sql, params))[0]!.n);

  const postback = (query: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/postback', query: { key: postbackKey, ...query } });

  const click = async (campaignId: string, query: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/r/${campaignId}`, query, headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } });
    expect(res.statusCode).toBe(302);
    return { location: String(res.headers.location), clickId: new URL(String(res.headers.location)).searchParams.get('clickId')! };
  };

  beforeAll(async () => {
    stores = await open();
    const db = stores.entities.db;
    const [lander] = await db
      .insert(schema.landers)
      .values({ name: 'Quiz', url: 'https://lander.example/quiz/?utm=a%20b&x=1#top' })
      .returning();
    const [offer] = await db
      .insert(schema.offers)
      .values({ name: 'Offer', url: 'https://offer.example/go?aff=7', utmTemplate: 'sub1={clickId}&sub2={campaign}&sub3={adGroupName}&sub4={placement}' })
      .returning();
    await db.insert(schema.campaigns).values([
      { id: 'cmpWithOffer', name: 'With offer', landerId: lander!.id, offerId: offer!.id },
      { id: 'cmpNoOffer', name: 'No offer', landerId: lander!.id },
    ]);
    await db.insert(schema.settings).values({ key: 'global_exit_domain', value: 'exit.example' });
    app = createHttpServer({ logger, trustProxy: false });
    ingest = await registerIngest(app, {
      db,
      changes: stores.entities.changes,
      eventLog: stores.eventLog,
      analytics: stores.analytics,
      logger,
      clickLookupRetries: 2,
    });
    await app.ready();
    postbackKey = ingest.catalog.current.postbackKey;
    projector = await startProjection();
  });

  afterAll(async () => {
    await projector?.stop();
    ingest?.stop();
    await app?.close();
    await stores?.close();
  });

  test('every redirected click lands in the analytics store exactly once', async () => {
    const n = 120;
    const answeredBefore = ingest.stats.clicks;
    const ids = new Set<string>();
    await Promise.all(
      Array.from({ length: n }, async (_, i) => ids.add((await click('cmpWithOffer', { cid: `tt-${i % 3}` })).clickId)),
    );
    expect(ids.size).toBe(n);
    expect(ingest.stats.clicks - answeredBefore).toBe(n);
    await projected();
    expect(await count("SELECT count() AS n FROM clicks FINAL WHERE campaign_id = 'cmpWithOffer'")).toBe(n);
    expect(await count("SELECT uniqExact(click_id) AS n FROM clicks WHERE campaign_id = 'cmpWithOffer'")).toBe(n);
  });

  test('the lander Location keeps its own query string and fragment, adds clickId and exitUrl', async () => {
    const { location, clickId } = await click('cmpWithOffer');
    expect(location).toBe(
      `https://lander.example/quiz/?utm=a%20b&x=1&clickId=${clickId}&exitUrl=${encodeURIComponent('https://exit.example/click')}#top`,
    );
  });

  test('an unknown campaign is a 404 page and publishes nothing', async () => {
    const before = await stores.eventLog.positions(group);
    const res = await app.inject({ method: 'GET', url: '/r/noSuchCampaign' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const after = await stores.eventLog.positions(group);
    expect(after.map((p) => p.end)).toEqual(before.map((p) => p.end));
  });

  test('unreplaced macros are stored empty; over-long values are cut, never refused; bots are flagged', async () => {
    const { clickId } = await click('cmpWithOffer', {
      cid: '__CAMPAIGN_ID__',
      ad: '{{adgroup.id}}',
      cr: 'x'.repeat(5000),
      plc: 'TikTok',
    });
    const bot = await app.inject({ method: 'GET', url: '/r/cmpWithOffer', headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    expect(bot.statusCode).toBe(302);
    await projected();
    const [row] = await stores.analytics.query<Record<string, string>>(
      'SELECT tiktok_campaign_id, tiktok_ad_group_id, length(tiktok_creative_id) AS cr_length, placement FROM clicks WHERE click_id = {id:String}',
      { id: clickId },
    );
    expect(row).toEqual({ tiktok_campaign_id: '', tiktok_ad_group_id: '', cr_length: 500, placement: 'TikTok' });
    expect(await count("SELECT count() AS n FROM clicks WHERE bot = 'link-preview'")).toBe(1);
  });

  test('an exit goes to the offer with every template token URL-encoded from the click', async () => {
    const { clickId } = await click('cmpWithOffer', { cid: '1788', aname: 'Ad group & co', plc: 'TikTok Feed' });
    const res = await app.inject({ method: 'GET', url: '/click', query: { clickId } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `https://offer.example/go?aff=7&sub1=${clickId}&sub2=1788&sub3=Ad%20group%20%26%20co&sub4=TikTok%20Feed`,
    );
    await projected();
    const [exit] = await stores.analytics.query<Record<string, string>>(
      'SELECT campaign_id, tiktok_campaign_id FROM exits WHERE click_id = {id:String}',
      { id: clickId },
    );
    expect(exit).toEqual({ campaign_id: 'cmpWithOffer', tiktok_campaign_id: '1788' });
  });

  test('exits: a campaign without an offer, an unknown click and a malformed id are clear error pages', async () => {
    const { clickId } = await click('cmpNoOffer');
    const noOffer = await app.inject({ method: 'GET', url: '/click', query: { clickId } });
    expect(noOffer.statusCode).toBe(404);
    expect(noOffer.body).toMatch(/no offer/i);
    const unknown = await app.inject({ method: 'GET', url: '/click', query: { clickId: newEventId() } });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: '/click', query: { clickId: 'nope' } });
    expect(malformed.statusCode).toBe(400);
  });

  test('postbacks: a wrong key is 403, missing fields are 400, and nothing is recorded', async () => {
    expect((await postback({ key: 'wrong', transaction_id: 't', click_id: 'c', payout: '1' })).statusCode).toBe(403);
    const missing = await postback({ transaction_id: 't-missing' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing required parameters: click_id, payout');
    expect((await postback({ transaction_id: 't', click_id: 'c', payout: 'ten' })).statusCode).toBe(400);
    expect((await postback({ transaction_id: 't', click_id: 'c', payout: '1', status: 'maybe' })).statusCode).toBe(400);
    const ledger = await stores.entities.db.select().from(schema.postbackConversions).where(eq(schema.postbackConversions.transactionId, 't'));
    expect(ledger).toHaveLength(0);
  });

  test('a replayed postback counts once; a status change revises it without double counting', async () => {
    const { clickId } = await click('cmpWithOffer', { cid: '555' });
    await projected();
    const send = (status: string, payout = '12.5') =>
      postback({ transaction_id: `tx-${clickId}`, click_id: clickId, payout, status });
    expect((await send('pending')).statusCode).toBe(200);
    expect((await send('pending')).statusCode).toBe(200);
    await projected();
    const revenue = () =>
      stores.analytics.query<{ approved: number; revenue: string; pending: number }>(
        `SELECT sumIf(sign, status = 'approved') AS approved, sumIf(sign * payout, status = 'approved') AS revenue,
                sumIf(sign, status = 'pending') AS pending
         FROM conversions WHERE click_id = {id:String}`,
        { id: clickId },
      );
    expect(await revenue()).toEqual([{ approved: 0, revenue: '0.00', pending: 1 }]);
    await send('approved');
    await send('approved');
    await projected();
    expect(await revenue()).toEqual([{ approved: 1, revenue: '12.50', pending: 0 }]);
    await send('approved', '15');
    await projected();
    expect(await revenue()).toEqual([{ approved: 1, revenue: '15.00', pending: 0 }]);
    await send('rejected', '15');
    await projected();
    expect(await revenue()).toEqual([{ approved: 0, revenue: '0.00', pending: 0 }]);
    const [ledger] = await stores.entities.db
      .select()
      .from(schema.postbackConversions)
      .where(eq(schema.postbackConversions.transactionId, `tx-${clickId}`));
    expect(ledger).toMatchObject({ status: 'rejected', payout: '15.00', clickId });
    const [attributed] = await stores.analytics.query<{ campaign_id: string; tiktok_campaign_id: string }>(
      'SELECT DISTINCT campaign_id, tiktok_campaign_id FROM conversions WHERE click_id = {id:String}',
      { id: clickId },
    );
    expect(attributed).toEqual({ campaign_id: 'cmpWithOffer', tiktok_campaign_id: '555' });
  });

  test('a conversion that arrives before its click is parked, then attributed once the click is there', async () => {
    const clickId = newEventId();
    const conversion = makeEvent('conversion', {
      transactionId: `early-${clickId}`,
      clickId,
      payout: '3.00',
      offerId: '',
      offerName: '',
      status: 'approved',
      source: 'postback',
      ip: '1.2.3.4',
    });
    await stores.eventLog.publish([encodeEvent(conversion)]);
    await projected();
    expect(projector.totals.parked).toBeGreaterThanOrEqual(1);
    expect(await count('SELECT count() AS n FROM conversions WHERE click_id = {id:String}', { id: clickId })).toBe(0);

    const late = makeEvent(
      'click',
      {
        campaignId: 'cmpWithOffer', landerId: null, offerId: null, sparkId: '', tiktokCampaignId: '77',
        tiktokAdGroupId: '', tiktokCreativeId: '', placement: '', campaignName: '', adGroupName: '', creativeName: '',
        rule: 'Late rule', ttclid: '', ip: '1.2.3.4', userAgent: 'UA', referrer: '', bot: '',
      },
      { id: clickId },
    );
    await stores.eventLog.publish([encodeEvent(late)]);
    await projected();
    expect(await projector.retryParked()).toBeGreaterThanOrEqual(1);
    const rows = await stores.analytics.query<{ campaign_id: string; rule: string; attributed: number; payout: string }>(
      'SELECT campaign_id, rule, attributed, payout FROM conversions WHERE click_id = {id:String}',
      { id: clickId },
    );
    // The conversion copies its click's dimensions, the flow rule that routed it included.
    expect(rows).toEqual([{ campaign_id: 'cmpWithOffer', rule: 'Late rule', attributed: 1, payout: '3.00' }]);
  });

  test('a conversion for a click that never comes counts as unattributed after the grace period', async () => {
    const clickId = newEventId();
    await postback({ transaction_id: `ghost-${clickId}`, click_id: clickId, payout: '2' });
    await projected();
    await projector.stop();
    projector = await startProjection({ unattributedAfterMs: 0 });
    await projector.retryParked();
    const rows = await stores.analytics.query<{ campaign_id: string; attributed: number }>(
      'SELECT campaign_id, attributed FROM conversions WHERE click_id = {id:String}',
      { id: clickId },
    );
    expect(rows).toEqual([{ campaign_id: '', attributed: 0 }]);
    await projector.stop();
    projector = await startProjection();
  });

  test('an event written twice to the log (a retried publish) counts once, in the facts and the rollups', async () => {
    const dimensions = {
      campaignId: 'cmpCopies', landerId: null, offerId: null, sparkId: '', tiktokCampaignId: 'tt-copies',
      tiktokAdGroupId: '', tiktokCreativeId: '', placement: '', campaignName: '', adGroupName: '', creativeName: '', rule: '',
    };
    const clickEvent = makeEvent('click', { ...dimensions, ttclid: '', ip: '1.2.3.4', userAgent: 'UA', referrer: '', bot: '' });
    const exitEvent = makeEvent('lander_click', { ...dimensions, clickId: clickEvent.id, clickedAt: clickEvent.at, ip: '1.2.3.4', userAgent: 'UA' });
    const conversion = (status: 'pending' | 'approved') =>
      makeEvent('conversion', {
        transactionId: `copies-${clickEvent.id}`, clickId: clickEvent.id, payout: '4.20', offerId: '', offerName: '',
        status, source: 'postback', ip: '1.2.3.4',
      });
    const pending = conversion('pending');
    const approved = conversion('approved');
    // Copies in the same batch and in later batches, a copy of the pending revision after the approval.
    await stores.eventLog.publish([clickEvent, clickEvent, exitEvent, pending, pending].map(encodeEvent));
    await projected();
    await stores.eventLog.publish([clickEvent, exitEvent, approved].map(encodeEvent));
    await projected();
    await stores.eventLog.publish([approved, pending, exitEvent, clickEvent].map(encodeEvent));
    await projected();

    const facts = await stores.analytics.query(
      `SELECT (SELECT count() FROM clicks WHERE campaign_id = 'cmpCopies') AS clicks,
              (SELECT sum(clicks) FROM report_clicks_daily WHERE campaign_id = 'cmpCopies') AS rolled_up_clicks,
              (SELECT sum(clicks) FROM report_variable_clicks_daily WHERE campaign_id = 'cmpCopies' AND variable = 'os') AS rolled_up_os_clicks,
              (SELECT count() FROM exits WHERE campaign_id = 'cmpCopies') AS exits,
              (SELECT sumIf(sign, status = 'approved') FROM conversions WHERE campaign_id = 'cmpCopies') AS approved,
              (SELECT sumIf(sign, status = 'pending') FROM conversions WHERE campaign_id = 'cmpCopies') AS pending,
              (SELECT sumIf(sign * payout, status = 'approved') FROM conversions WHERE campaign_id = 'cmpCopies') AS revenue`,
    );
    expect(facts).toEqual([{ clicks: 1, rolled_up_clicks: 1, rolled_up_os_clicks: 1, exits: 1, approved: 1, pending: 0, revenue: '4.20' }]);
  });

  test('a projector that fails mid-batch and restarts with another batch size loses and doubles nothing', async () => {
    await projector.stop();
    const campaign = 'cmpWithOffer';
    const before = await count(`SELECT count() AS n FROM clicks WHERE campaign_id = '${campaign}'`);
    const clickIds: string[] = [];
    for (let i = 0; i < 60; i++) clickIds.push((await click(campaign)).clickId);
    for (const id of clickIds.slice(0, 20)) await postback({ transaction_id: `crash-${id}`, click_id: id, payout: '1.10' });

    // The analytics store fails on its second insert (exits) of every unit: clicks of the first
    // attempt are written, then the batch fails, as if the process died there.
    let failing = true;
    const flaky: Analytics = {
      ...stores.analytics,
      insert: async (table, rows, options) => {
        if (failing && table === 'exits') throw new Error('simulated crash');
        return stores.analytics.insert(table, rows, options);
      },
    };
    const crashing = await startProjector(
      { eventLog: stores.eventLog, analytics: flaky, db: stores.entities.db, logger },
      { group, maxBatchSize: 25, maxWaitMs: 10, parkedRetryMs: 0 },
    );
    await new Promise((r) => setTimeout(r, 500));
    await crashing.stop();
    failing = false;

    projector = await startProjection({ maxBatchSize: 1000 });
    await projected();
    expect(await count(`SELECT count() AS n FROM clicks WHERE campaign_id = '${campaign}'`)).toBe(before + 60);
    expect(
      await count("SELECT sumIf(sign, status = 'approved') AS n FROM conversions WHERE startsWith(transaction_id, 'crash-')"),
    ).toBe(20);
  });

  test('batches handed over again from an older offset after later ones (commits lost) count once', async () => {
    await projected();
    await projector.stop();
    const campaign = 'cmpNoOffer';
    const totals = async () => ({
      clicks: await count(`SELECT sum(clicks) AS n FROM report_clicks_daily WHERE campaign_id = '${campaign}'`),
      rawClicks: await count(`SELECT count() AS n FROM clicks FINAL WHERE campaign_id = '${campaign}'`),
      conversions: await count(`SELECT sum(conversions) AS n FROM report_conversions_15m WHERE campaign_id = '${campaign}'`),
      revenue: await count(`SELECT sum(revenue) AS n FROM report_conversions_15m WHERE campaign_id = '${campaign}'`),
    });
    const before = await totals();
    const clickIds: string[] = [];
    for (let i = 0; i < 40; i++) clickIds.push((await click(campaign)).clickId);
    for (const id of clickIds.slice(0, 10)) await postback({ transaction_id: `lost-commit-${id}`, click_id: id, payout: '2.50' });

    // As the Kafka client does when commits failed (the broker restarting) and the partition is fetched
    // again from the last confirmed commit: after its third batch, each partition's batches so far come
    // again as one batch. The projector has forgotten the ranges of the first two by then.
    const again = await startProjector(
      { eventLog: redeliveringLog(stores.eventLog, 3), analytics: stores.analytics, db: stores.entities.db, logger },
      { group, maxBatchSize: 7, maxWaitMs: 10, parkedRetryMs: 0 },
    );
    await projected();
    await again.stop();
    projector = await startProjection();

    expect(await totals()).toEqual({
      clicks: before.clicks + 40,
      rawClicks: before.rawClicks + 40,
      conversions: before.conversions + 10,
      revenue: before.revenue + 25,
    });
  });

  test('replaying the whole log into empty analytics tables yields the same numbers', async () => {
    await projected();
    const report = (analytics: Analytics) =>
      analytics.query(
        `SELECT campaign_id,
                (SELECT count() FROM clicks AS c WHERE c.campaign_id = k.campaign_id) AS clicks,
                (SELECT count() FROM exits AS e WHERE e.campaign_id = k.campaign_id) AS exits,
                (SELECT sumIf(sign, status = 'approved') FROM conversions AS v WHERE v.campaign_id = k.campaign_id) AS conversions,
                (SELECT sumIf(sign * payout, status = 'approved') FROM conversions AS v WHERE v.campaign_id = k.campaign_id) AS revenue
         FROM (SELECT DISTINCT campaign_id FROM clicks) AS k ORDER BY campaign_id`,
      );
    const live = await report(stores.analytics);
    const empty = await stores.openEmptyAnalytics();
    const replay = await startProjector(
      { eventLog: stores.eventLog, analytics: empty, db: stores.entities.db, logger },
      { group: `${group}-replay`, maxBatchSize: 77, maxWaitMs: 10, parkedRetryMs: 0 },
    );
    await projected(`${group}-replay`);
    await replay.stop();
    expect(await report(empty)).toEqual(live);
    await empty.close();
  });
}

/** The log, except that each partition's first `after` batches are handed over a second time, as one
 *  batch, right after the `after`-th: a redelivery from an older committed offset. */
function redeliveringLog(log: EventLog, after: number): EventLog {
  return {
    kind: log.kind,
    publish: (records) => log.publish(records),
    positions: (groupName) => log.positions(groupName),
    close: () => log.close(),
    subscribe: (options) => {
      const handled = new Map<number, LogRecord[]>();
      const batches = new Map<number, number>();
      return log.subscribe({
        ...options,
        handle: async (batch) => {
          await options.handle(batch);
          const records = [...(handled.get(batch.partition) ?? []), ...batch.records];
          handled.set(batch.partition, records);
          const seen = (batches.get(batch.partition) ?? 0) + 1;
          batches.set(batch.partition, seen);
          if (seen === after) await options.handle({ partition: batch.partition, records });
        },
      });
    },
  };
}
