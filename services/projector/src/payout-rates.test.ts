// A postback of an offer that pays in euros, through the projector on the embedded stores: while its day's
// reference rate is unknown it waits parked (saying for which rate) and is never counted; once the rate is
// stored, the retry projects it converted, its revision at the same rate.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import {
  createLogger,
  encodeEvent,
  makeEvent,
  migrateAnalytics,
  saveEcbRates,
  schema,
  type Analytics,
  type Entities,
  type EventLog,
} from '@tracker/core';
import type { TrackingEvent } from '@tracker/schemas';
import { openChdbAnalytics, openScratchEntities, openEventLog } from '@tracker/core/testing';
import { startProjector, type Projector } from './start-projector';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-payout-rates-'));
let entities: Entities;
let analytics: Analytics;
let eventLog: EventLog;
let projector: Projector;

beforeAll(async () => {
  entities = await openScratchEntities();
  analytics = await openChdbAnalytics(path.join(dir, 'ch'));
  await migrateAnalytics(analytics);
  eventLog = await openEventLog({ dir: path.join(dir, 'log') });
  projector = await startProjector({ eventLog, analytics, db: entities.db, logger: createLogger('silent') }, { maxWaitMs: 10, parkedRetryMs: 0 });
}, 60_000);

afterAll(async () => {
  await projector.stop();
  await eventLog.close();
  await analytics.close();
  await entities.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const publish = (events: TrackingEvent[]) => eventLog.publish(events.map((e) => ({ ...encodeEvent(e), timestamp: e.at })));

test('a euro payout waits parked for its day rate, then is counted converted; its revision takes the same rate', async () => {
  const [offer] = await entities.db.insert(schema.offers).values({ name: 'Euro network', url: 'https://offer.example/', payoutCurrency: 'EUR' }).returning();
  await saveEcbRates(entities.db, [{ day: '2026-01-05', rates: { USD: '1.10' } }]);
  const tuesday = Date.UTC(2026, 0, 6, 9);
  const click = makeEvent(
    'click',
    {
      campaignId: 'euros', landerId: null, offerId: offer!.id, sparkId: '', tiktokCampaignId: '', tiktokAdGroupId: '', tiktokCreativeId: '',
      placement: '', campaignName: '', adGroupName: '', creativeName: '', rule: '', ttclid: '', ip: '', userAgent: '', referrer: '', bot: '',
    },
    { at: tuesday },
  );
  const postback = (status: 'pending' | 'approved', payout: string, at: number) =>
    makeEvent(
      'conversion',
      { transactionId: 'tx-euro', clickId: click.id, payout, offerId: 'n-1', offerName: 'Net', status, source: 'postback', ip: '1.2.3.4' },
      { at },
    );
  await publish([click, postback('pending', '10.00', tuesday + 60_000), postback('approved', '12.00', Date.UTC(2026, 0, 7, 9))]);
  await until(async () => (await eventLog.positions(projector.group))[0]!.committed === 3);

  const parked = await entities.db.select().from(schema.parkedConversions);
  expect(parked.map((p) => [p.rateCurrency, p.rateDay])).toEqual([
    ['EUR', '2026-01-06'],
    ['EUR', '2026-01-06'], // the revision of Wednesday waits behind the first, at the transaction's day
  ]);
  const counted = async () =>
    (await analytics.query<{ payout: string; n: string }>("SELECT toString(sum(sign * payout)) AS payout, toString(sum(sign)) AS n FROM conversions WHERE transaction_id = 'tx-euro'"))[0]!;
  expect(await counted()).toEqual({ payout: '0', n: '0' });
  expect(await projector.retryParked()).toBe(0);

  // Tuesday's rate is published: 1 EUR = 1.20 USD. Wednesday's (1.30) plays no part.
  await saveEcbRates(entities.db, [
    { day: '2026-01-06', rates: { USD: '1.20' } },
    { day: '2026-01-07', rates: { USD: '1.30' } },
  ]);
  expect(await projector.retryParked()).toBe(2);
  expect(await counted()).toEqual({ payout: '14.4', n: '1' });
  expect(await entities.db.select().from(schema.parkedConversions)).toEqual([]);
  const [ledger] = await entities.db.select().from(schema.postbackConversions);
  expect(ledger).toMatchObject({ status: 'approved', payout: '14.40', payoutCurrency: 'USD', originalPayout: '12.00', originalCurrency: 'EUR', fxRateDay: '2026-01-06' });
}, 60_000);
