// The projector's hold, which a backup takes while it copies the stores: the batch in hand commits first, nothing is
// projected while held (the stores and the committed offset stay as they are), and everything is once released.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { createLogger, encodeEvent, makeEvent, migrateAnalytics, type Analytics, type Entities, type EventLog } from '@tracker/core';
import { openChdbAnalytics, openScratchEntities, openEventLog } from '@tracker/core/testing';
import { startProjector, type Projector } from './start-projector';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-hold-'));
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

async function publishClicks(count: number) {
  const events = Array.from({ length: count }, () =>
    makeEvent('click', {
      campaignId: 'held', landerId: null, offerId: null, sparkId: '', tiktokCampaignId: '', tiktokAdGroupId: '', tiktokCreativeId: '',
      placement: '', campaignName: '', adGroupName: '', creativeName: '', rule: '', ttclid: '', ip: '', userAgent: '', referrer: '', bot: '',
    }),
  );
  await eventLog.publish(events.map((e) => ({ ...encodeEvent(e), timestamp: e.at })));
}

const stored = async () => Number((await analytics.query<{ n: number }>("SELECT count() AS n FROM clicks WHERE campaign_id = 'held'"))[0]!.n);
const committed = async () => (await eventLog.positions(projector.group))[0]!.committed;

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('held, the projector leaves the stores and its offset as they are; released, it projects what came meanwhile once', async () => {
  await publishClicks(100);
  await until(async () => (await committed()) === 100);

  const release = await projector.hold();
  // A second hold (two backups at once) keeps it held until both are released.
  const releaseSecond = await projector.hold();
  await publishClicks(50);
  await new Promise((r) => setTimeout(r, 500));
  expect(await committed()).toBe(100);
  expect(await stored()).toBe(100);
  await release();
  await new Promise((r) => setTimeout(r, 300));
  expect(await committed()).toBe(100);

  await releaseSecond();
  await until(async () => (await committed()) === 150);
  expect(await stored()).toBe(150);
  expect(Number((await analytics.query<{ n: number }>("SELECT uniqExact(click_id) AS n FROM clicks WHERE campaign_id = 'held'"))[0]!.n)).toBe(150);
}, 60_000);
