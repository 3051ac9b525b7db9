// The parked-conversion retry on the embedded stores: it walks every waiting row, page by page, and a
// row it cannot read is set aside and logged once instead of stopping every retry after it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { isNotNull, sql } from 'drizzle-orm';
import { makeEvent, migrateAnalytics, newEventId, schema, type Analytics, type Entities, type EventLog } from '@tracker/core';
import { captureLogger, createTemporaryDatabase, describeWithRealEngine, LEVEL, openChdbAnalytics, openEntities, openEventLog } from '@tracker/core/testing';
import { CLAIM_ABANDONED_MS, startProjector, type Projector } from './start-projector';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-parked-'));
let entities: Entities;
let analytics: Analytics;
let eventLog: EventLog;
let projector: Projector | undefined;
let nextOffset = 1_000;

beforeAll(async () => {
  analytics = await openChdbAnalytics(path.join(dir, 'ch'));
  await migrateAnalytics(analytics);
  eventLog = await openEventLog({ dir: path.join(dir, 'log') });
});
afterAll(async () => {
  await eventLog.close();
  await analytics.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await projector?.stop();
  projector = undefined;
  await entities.close();
  entities = undefined!;
});

const HOUR = 3_600_000;

/** Parks a conversion of a click nobody has seen, as the projector would, at the next log offset. */
function parkedRow(at: number) {
  const clickId = newEventId();
  const event = makeEvent(
    'conversion',
    {
      transactionId: `tx-${clickId}`,
      clickId,
      payout: '1.00',
      offerId: '',
      offerName: '',
      status: 'approved',
      source: 'postback',
      ip: '1.2.3.4',
    },
    { at },
  );
  return { eventId: event.id, clickId, event, logPartition: 0, logOffset: nextOffset++ };
}

let openStore: () => Promise<Entities>;

async function start(logger = captureLogger().logger, store: Analytics = analytics, group = `parked-${Math.random().toString(36).slice(2, 8)}`) {
  entities ??= await openStore();
  projector = await startProjector(
    { eventLog, analytics: store, db: entities.db, logger },
    { group, parkedRetryMs: 0, unattributedAfterMs: HOUR },
  );
  return projector;
}

/** The analytics store, counting its inserts into `conversions`; `fail` decides, around each, where a process stops. */
function conversionInserts(fail: 'before' | 'after' | 'never' = 'never') {
  const counted = { inserts: 0, store: analytics };
  counted.store = {
    ...analytics,
    async insert(table, rows, options) {
      if (table !== 'conversions') return analytics.insert(table, rows, options);
      counted.inserts++;
      if (fail === 'before') throw new Error('stopped before the insert');
      await analytics.insert(table, rows, options);
      if (fail === 'after') throw new Error('stopped after the insert');
    },
  };
  return counted;
}

let nextHour = Date.UTC(2021, 0, 1);
/** Approved conversions of unknown clicks, long past their wait, each batch in a quarter-hour of its own. */
function pastConversions(count: number) {
  const at = (nextHour += HOUR);
  return { rows: Array.from({ length: count }, () => parkedRow(at)), at };
}

/** Conversions counted in the rollup of the quarter-hour starting at `at`: a copy written twice counts twice there. */
async function countedAt(at: number): Promise<number> {
  const [row] = await analytics.query<{ n: string }>(
    'SELECT sum(conversions) AS n FROM report_conversions_15m WHERE bucket = toDateTime({at:UInt32})',
    { at: at / 1000 },
  );
  return Number(row?.n ?? 0);
}

const waiting = async () => (await entities.db.select().from(schema.parkedConversions)).length;

function retryContract() {
  test('rows behind the first 500 still waiting for their click are retried too', async () => {
    const retry = await start();
    const now = Date.now();
    // 600 conversions whose clicks may still come, then 30 whose grace period is over.
    const rows = [...Array.from({ length: 600 }, () => parkedRow(now)), ...Array.from({ length: 30 }, () => parkedRow(now - 2 * HOUR))];
    for (let i = 0; i < rows.length; i += 200) await entities.db.insert(schema.parkedConversions).values(rows.slice(i, i + 200));

    expect(await retry.retryParked()).toBe(30);
    expect(await waiting()).toBe(600);
  });

  test('a backlog is written in one insert a page, each conversion once', async () => {
    const counted = conversionInserts();
    const retry = await start(undefined, counted.store);
    const { rows, at } = pastConversions(40);
    await entities.db.insert(schema.parkedConversions).values(rows);

    expect(await retry.retryParked()).toBe(40);
    expect(counted.inserts).toBe(1);
    expect(await countedAt(at)).toBe(40);
    expect(await waiting()).toBe(0);
  });

  test.each(['before', 'after'] as const)('a retry that stops %s its insert is finished by the next, each conversion counted once', async (when) => {
    const { rows, at } = pastConversions(12);
    const group = `parked-stop-${when}`;
    const stopping = conversionInserts(when);
    const first = await start(undefined, stopping.store, group);
    await entities.db.insert(schema.parkedConversions).values(rows);
    await expect(first.retryParked()).rejects.toThrow(`stopped ${when} the insert`);
    await first.stop();
    // The rows stay parked, claimed.
    const claimed = await entities.db.select().from(schema.parkedConversions);
    expect(claimed).toHaveLength(12);
    expect(new Set(claimed.map((r) => r.retryToken)).size).toBe(1);
    expect(claimed[0]!.retryToken).not.toBeNull();
    expect(await countedAt(at)).toBe(when === 'after' ? 12 : 0);

    // A claim this fresh may be another projector's walk at work: left alone.
    const next = await start(undefined, analytics, group);
    expect(await next.retryParked()).toBe(0);
    expect(await waiting()).toBe(12);
    // Once it is older than any walk lasts, it is finished under its own token.
    await entities.db.update(schema.parkedConversions).set({ retryClaimedAt: new Date(Date.now() - 2 * CLAIM_ABANDONED_MS) });
    expect(await next.retryParked()).toBe(12);
    expect(await waiting()).toBe(0);
    expect(await countedAt(at)).toBe(12);
  });

  test('two projectors retrying at once write each conversion once', async () => {
    const { rows, at } = pastConversions(60);
    await (entities ??= await openStore()).db.insert(schema.parkedConversions).values(rows);
    const group = 'parked-replicas';
    const one = await startProjector({ eventLog, analytics, db: entities.db, logger: captureLogger().logger }, { group, parkedRetryMs: 0, unattributedAfterMs: HOUR });
    const two = await startProjector({ eventLog, analytics, db: entities.db, logger: captureLogger().logger }, { group, parkedRetryMs: 0, unattributedAfterMs: HOUR });
    try {
      // Each row is claimed by one walk before it is revised: neither meets the other in the ledger.
      const [a, b] = await Promise.all([one.retryParked(), two.retryParked()]);
      expect(a + b).toBe(60);
      expect(await waiting()).toBe(0);
      expect(await countedAt(at)).toBe(60);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  test('a row that cannot be read is set aside and logged once; the rows after it are retried', async () => {
    const { logger, lines } = captureLogger();
    const retry = await start(logger);
    const badId = newEventId();
    await entities.db.execute(sql`
      INSERT INTO parked_conversions (event_id, click_id, event, log_partition, log_offset)
      VALUES (${badId}, 'c-bad', '{"type":"conversion","data":{"payout":"not money"}}'::jsonb, 0, ${nextOffset++})`);
    await entities.db.insert(schema.parkedConversions).values([parkedRow(Date.now() - 2 * HOUR), parkedRow(Date.now() - 2 * HOUR)]);

    expect(await retry.retryParked()).toBe(2);
    expect(await retry.retryParked()).toBe(0);
    // Kept for an operator, never dropped, but out of the retry.
    const aside = await entities.db.select().from(schema.parkedConversions).where(isNotNull(schema.parkedConversions.unreadable));
    expect(aside.map((r) => r.eventId)).toEqual([badId]);
    const logged = lines.filter((l) => l.level === LEVEL.error && l.eventId === badId);
    expect(logged).toHaveLength(1);
  });
}

describe('retrying parked conversions [embedded: PGlite]', () => {
  beforeAll(() => {
    openStore = () => openEntities({ pgliteDir: 'memory://' });
  });
  retryContract();
});

describeWithRealEngine('DATABASE_URL', 'retrying parked conversions', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
    openStore = async () => {
      const store = await openEntities({ databaseUrl: database.url });
      await store.db.delete(schema.parkedConversions);
      return store;
    };
  });
  afterAll(async () => {
    await database.drop();
  });
  retryContract();
});
