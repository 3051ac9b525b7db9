// How a delivered batch is cut into units against the ranges earlier attempts recorded, and which
// offsets each unit's deduplication tokens name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createLogger, encodeEvent, makeEvent, migrateAnalytics, type Analytics, type Entities, type LogRecord } from '@tracker/core';
import { openChdbAnalytics, openScratchEntities } from '@tracker/core/testing';
import { BatchRanges, unitToken, type Unit } from './batch-ranges';
import { ClickResolver } from './click-resolver';
import { projectUnit, type ProjectionContext } from './project-unit';
import { UnitDecoder } from './unit-decoder';

const recordsFrom = (first: number, last: number): LogRecord[] =>
  Array.from({ length: last - first + 1 }, (_, i) => ({ partition: 0, offset: first + i, key: 'k', value: Buffer.from('x'), timestamp: 0 }));

const shape = (units: Unit[]) =>
  units.map((u) => ({ from: u.records[0]!.offset, to: u.records.at(-1)!.offset, recorded: u.recorded, token: unitToken('g', u, 'clicks') }));

describe('BatchRanges', () => {
  let entities: Entities;
  beforeAll(async () => {
    entities = await openScratchEntities();
  });
  afterAll(() => entities.close());

  test('a new batch is one unit, named by its own offsets', async () => {
    const ranges = new BatchRanges(entities.db, 'fresh');
    expect(shape(await ranges.split(0, recordsFrom(0, 9)))).toEqual([{ from: 0, to: 9, recorded: false, token: 'g/0/0-9/clicks' }]);
  });

  test('a redelivered batch is cut at the recorded range and the range is sent again whole, under its tokens', async () => {
    const ranges = new BatchRanges(entities.db, 'whole');
    const [first] = await ranges.split(0, recordsFrom(10, 20));
    await ranges.record(first!);
    // Redelivered with more records behind it: the range as before, then the rest as a new unit.
    expect(shape(await ranges.split(0, recordsFrom(10, 30)))).toEqual([
      { from: 10, to: 20, recorded: true, token: 'g/0/10-20/clicks' },
      { from: 21, to: 30, recorded: false, token: 'g/0/21-30/clicks' },
    ]);
  });

  test('a redelivery that holds only the start of a recorded range projects that start under the range tokens, then the rest as a new unit', async () => {
    const ranges = new BatchRanges(entities.db, 'cut');
    const [first] = await ranges.split(0, recordsFrom(40, 60));
    await ranges.record(first!);
    // Cut shorter than the first attempt (a rebalance): before, this threw, and the same batch was
    // delivered again forever.
    expect(shape(await ranges.split(0, recordsFrom(40, 49)))).toEqual([{ from: 40, to: 49, recorded: true, token: 'g/0/40-60/clicks' }]);
    // Committed up to 49: the next batch starts inside the range, and what is left of it is new.
    const rest = await ranges.split(0, recordsFrom(50, 70));
    expect(shape(rest)).toEqual([{ from: 50, to: 70, recorded: false, token: 'g/0/50-70/clicks' }]);
    await ranges.record(rest[0]!);
    // A crash now redelivers from 50: the new unit's own range, not the old one, decides.
    expect(shape(await ranges.split(0, recordsFrom(50, 75)))).toEqual([
      { from: 50, to: 70, recorded: true, token: 'g/0/50-70/clicks' },
      { from: 71, to: 75, recorded: false, token: 'g/0/71-75/clicks' },
    ]);
  });
});

describe('a redelivery cut inside a recorded range, projected [embedded: PGlite, chDB]', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ranges-'));
  let entities: Entities;
  let analytics: Analytics;
  let ctx: ProjectionContext;
  beforeAll(async () => {
    entities = await openScratchEntities();
    analytics = await openChdbAnalytics(dir);
    await migrateAnalytics(analytics);
    ctx = {
      group: 'g',
      db: entities.db,
      analytics,
      clicks: new ClickResolver(analytics),
      decoder: new UnitDecoder(),
      logger: createLogger('silent'),
      unattributedAfterMs: 60_000,
    };
  });
  afterAll(async () => {
    await ctx.decoder.close();
    await analytics.close();
    await entities.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Click records at offsets first..last of a partition of their own, for a campaign of their own. */
  const clickRecords = (partition: number, campaignId: string, first: number, last: number): LogRecord[] =>
    Array.from({ length: last - first + 1 }, (_, i) => {
      const event = makeEvent('click', {
        campaignId, landerId: null, offerId: null, sparkId: '', tiktokCampaignId: '', tiktokAdGroupId: '', tiktokCreativeId: '',
        placement: '', campaignName: '', adGroupName: '', creativeName: '', rule: '', ttclid: '', ip: '', userAgent: '', referrer: '', bot: '',
      }, { id: `01936b2e-0000-7000-8000-${String(partition * 1000 + first + i).padStart(12, '0')}` });
      return { partition, offset: first + i, key: event.id, value: encodeEvent(event).value, timestamp: event.at };
    });

  async function project(ranges: BatchRanges, records: LogRecord[]) {
    for (const unit of await ranges.split(records[0]!.partition, records)) {
      if (!unit.recorded) await ranges.record(unit);
      await projectUnit(ctx, unit);
    }
  }

  async function counted(campaignId: string) {
    const [row] = await analytics.query<{ rows: number; ids: number; rollup: number }>(
      `SELECT (SELECT count() FROM clicks WHERE campaign_id = {c:String}) AS rows,
              (SELECT uniqExact(click_id) FROM clicks WHERE campaign_id = {c:String}) AS ids,
              (SELECT sum(clicks) FROM report_clicks_daily WHERE campaign_id = {c:String}) AS rollup`,
      { c: campaignId },
    );
    return row;
  }

  test.each([
    ['the first attempt wrote its rows, then died before committing', 1, 'wrote'],
    ['the first attempt recorded its range, then died before writing', 2, 'recorded'],
  ] as const)('%s: every click counts once', async (_, partition, firstAttempt) => {
    const campaign = `cut-${firstAttempt}`;
    const ranges = new BatchRanges(entities.db, `g-${firstAttempt}`);
    const all = clickRecords(partition, campaign, 40, 70);
    const [unit] = await ranges.split(partition, all.slice(0, 21)); // 40..60
    await ranges.record(unit!);
    if (firstAttempt === 'wrote') await projectUnit(ctx, unit!);
    // Delivered again cut short (40..49), committed, then the rest (50..70).
    await project(ranges, all.slice(0, 10));
    await project(ranges, all.slice(10));
    expect(await counted(campaign)).toEqual({ rows: 31, ids: 31, rollup: 31 });
  });
});
