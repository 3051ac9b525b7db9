// The behaviour every EventLog must show, as one jest suite run against each engine (embedded, Kafka):
// ordering per key, batch shape, at-least-once retries, committed-offset resumption, positions, durability.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { EventLog, LogBatch, LogRecord, PartitionPosition, SubscribeOptions, Subscription } from './event-log';

export interface EventLogFixture {
  /** A log on fresh, empty storage (a new folder, a new topic). */
  log: EventLog;
  /** Another EventLog on the same storage, e.g. after `log.close()`. */
  reopen: () => Promise<EventLog>;
  /** Closes every log the fixture opened and removes the storage. */
  cleanup: () => Promise<void>;
}

/** Bounded polling: tests never wait forever, and a timeout says what was awaited. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Collector {
  batches: LogBatch[];
  records: () => LogRecord[];
  subscription: Subscription;
}

async function collect(
  log: EventLog,
  options: Omit<SubscribeOptions, 'handle'> & { handle?: (batch: LogBatch) => Promise<void> | void },
): Promise<Collector> {
  const batches: LogBatch[] = [];
  const subscription = await log.subscribe({
    maxWaitMs: 10,
    retryDelayMs: 50,
    ...options,
    handle: async (batch) => {
      await options.handle?.(batch);
      batches.push(batch);
    },
  });
  return { batches, records: () => batches.flatMap((b) => b.records), subscription };
}

const text = (r: LogRecord) => r.value.toString('utf8');
const lag = (positions: PartitionPosition[]) => positions.reduce((sum, p) => sum + (p.end - p.committed), 0);
const total = (positions: PartitionPosition[]) => positions.reduce((sum, p) => sum + p.end, 0);

function expectWellFormed(batches: LogBatch[], maxBatchSize: number): void {
  for (const batch of batches) {
    expect(batch.records.length).toBeGreaterThan(0);
    expect(batch.records.length).toBeLessThanOrEqual(maxBatchSize);
    batch.records.forEach((record, i) => {
      expect(record.partition).toBe(batch.partition);
      expect(record.offset).toBe(batch.records[0]!.offset + i);
    });
  }
}

export function describeEventLogContract(name: string, open: () => Promise<EventLogFixture>): void {
  describe(`EventLog contract: ${name}`, () => {
    let fixture: EventLogFixture | undefined;
    let log: EventLog;
    const subscriptions: Subscription[] = [];
    const group = (label: string) => `test-${label}-${randomUUID().slice(0, 8)}`;
    const track = async (c: Promise<Collector>) => {
      const collector = await c;
      subscriptions.push(collector.subscription);
      return collector;
    };
    const record = (key: string, value: string) => ({ key, value: Buffer.from(value) });

    beforeEach(async () => {
      fixture = undefined;
      fixture = await open();
      log = fixture.log;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await fixture?.cleanup();
    });

    it('delivers every record once, in order per key, in consecutive single-partition batches', async () => {
      const keys = Array.from({ length: 10 }, (_, i) => `click-${i}-${randomUUID()}`);
      const published = new Map(keys.map((k) => [k, [] as string[]]));
      for (let call = 0; call < 20; call++) {
        const records = Array.from({ length: 10 }, (_, i) => {
          const key = keys[(call * 10 + i) % keys.length]!;
          const value = `${key}#${published.get(key)!.length}`;
          published.get(key)!.push(value);
          return record(key, value);
        });
        await log.publish(records);
      }
      const c = await track(collect(log, { group: group('order'), maxBatchSize: 7 }));
      await waitFor(() => c.records().length >= 200, '200 records');

      expectWellFormed(c.batches, 7);
      const seen = c.records();
      expect(seen).toHaveLength(200);
      expect(new Set(seen.map((r) => `${r.partition}:${r.offset}`)).size).toBe(200);
      for (const key of keys) {
        expect(seen.filter((r) => r.key === key).map(text)).toEqual(published.get(key));
      }
      expect(seen.every((r) => r.timestamp > Date.now() - 60_000 && r.timestamp <= Date.now())).toBe(true);
    });

    it('keeps a caller-given timestamp and arbitrary bytes', async () => {
      const value = Buffer.from([0, 255, 1, 254, 10, 13]);
      await log.publish([{ key: 'ключ-🔑', value, timestamp: 1_700_000_000_123 }]);
      const c = await track(collect(log, { group: group('bytes') }));
      await waitFor(() => c.records().length === 1, 'the record');
      const [r] = c.records();
      expect(r!.key).toBe('ключ-🔑');
      expect(r!.value.equals(value)).toBe(true);
      expect(r!.timestamp).toBe(1_700_000_000_123);
    });

    it('rejects a malformed record in its own call only, not the publishes sharing its flush', async () => {
      const good = log.publish([record('fine', 'fine')]);
      const bad = log.publish([{ key: 'bad', value: 'not a buffer' as unknown as Buffer }]);
      const huge = log.publish([{ key: 'huge', value: Buffer.alloc(2_000_000) }]);
      await expect(bad).rejects.toThrow(TypeError);
      await expect(huge).rejects.toThrow(RangeError);
      await expect(good).resolves.toBeUndefined();
      await log.publish([record('after', 'after')]);
      expect(total(await log.positions(group('unused')))).toBe(2);
    });

    it('lands every record of concurrent publishes, each call in its own order', async () => {
      const singles = Array.from({ length: 300 }, (_, i) => log.publish([record(`single-${i}`, `single-${i}`)]));
      const multis = Array.from({ length: 10 }, (_, m) =>
        log.publish(Array.from({ length: 20 }, (_, i) => record(`multi-${m}`, `multi-${m}-${i}`))),
      );
      await Promise.all([...singles, ...multis]);

      expect(total(await log.positions(group('unused')))).toBe(500);
      const c = await track(collect(log, { group: group('concurrent'), maxBatchSize: 64 }));
      await waitFor(() => c.records().length >= 500, '500 records');
      const values = c.records().map(text);
      expect(new Set(values).size).toBe(500);
      for (let m = 0; m < 10; m++) {
        expect(values.filter((v) => v.startsWith(`multi-${m}-`))).toEqual(Array.from({ length: 20 }, (_, i) => `multi-${m}-${i}`));
      }
    });

    it('hands a failed batch over again, unchanged, before anything after it is committed', async () => {
      await log.publish(Array.from({ length: 30 }, (_, i) => record('one-click', `v${i}`)));
      const g = group('retry');
      const attempts: LogBatch[] = [];
      const errors: LogBatch[] = [];
      let committedDuringRetry: PartitionPosition[] | undefined;
      const c = await track(
        collect(log, {
          group: g,
          maxBatchSize: 10,
          maxWaitMs: 200,
          onError: (_error, batch) => errors.push(batch),
          handle: async (batch) => {
            attempts.push(batch);
            if (attempts.length === 2) throw new Error('projector is down');
            if (attempts.length === 3) committedDuringRetry = await log.positions(g);
          },
        }),
      );
      await waitFor(() => c.records().length >= 30, '30 records');

      const failed = attempts[1]!;
      expect(errors).toEqual([failed]);
      expect(attempts[2]!.partition).toBe(failed.partition);
      expect(attempts[2]!.records.map((r) => [r.offset, text(r)])).toEqual(failed.records.map((r) => [r.offset, text(r)]));
      const p = committedDuringRetry!.find((x) => x.partition === failed.partition)!;
      expect(p.committed).toBe(failed.records[0]!.offset);
      expect(c.records().map(text)).toEqual(Array.from({ length: 30 }, (_, i) => `v${i}`));
      expectWellFormed(c.batches, 10);
    });

    it('stop() lets the batch in hand finish and commits it', async () => {
      await log.publish(Array.from({ length: 10 }, (_, i) => record(`slow-${i}`, `slow-${i}`)));
      const g = group('stop');
      let entered!: () => void;
      const inHandler = new Promise<void>((resolve) => (entered = resolve));
      let finished = false;
      const c = await collect(log, {
        group: g,
        maxBatchSize: 100,
        maxWaitMs: 300,
        handle: async () => {
          entered();
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      });
      await inHandler;
      await c.subscription.stop();
      expect(finished).toBe(true);
      const handled = c.records();
      const positions = await log.positions(g);
      for (const p of positions) {
        const mine = handled.filter((r) => r.partition === p.partition);
        expect(p.committed).toBe(mine.length === 0 ? 0 : mine[mine.length - 1]!.offset + 1);
      }
    });

    it('resumes a restarted group member at its committed offset, without repeating committed records', async () => {
      const g = group('resume');
      await log.publish(Array.from({ length: 40 }, (_, i) => record(`k${i % 4}`, `a${i}`)));
      const first = await collect(log, { group: g, maxBatchSize: 5 });
      await waitFor(() => first.records().length >= 15, 'the first 15 records');
      await first.subscription.stop();
      const committed = await log.positions(g);
      // Everything handled was committed, nothing else.
      for (const p of committed) {
        const handled = first.records().filter((r) => r.partition === p.partition).map((r) => r.offset);
        expect(handled).toEqual(Array.from({ length: p.committed }, (_, i) => i));
      }

      await log.publish(Array.from({ length: 10 }, (_, i) => record(`k${i % 4}`, `b${i}`)));
      const second = await track(collect(log, { group: g, maxBatchSize: 5 }));
      await waitFor(() => first.records().length + second.records().length >= 50, 'the remaining records');

      for (const p of committed) {
        const again = second.records().filter((r) => r.partition === p.partition);
        expect(again.every((r) => r.offset >= p.committed)).toBe(true);
        if (again.length > 0) expect(again[0]!.offset).toBe(p.committed);
      }
      const values = [...first.records(), ...second.records()].map(text).sort();
      expect(values).toEqual([...Array.from({ length: 40 }, (_, i) => `a${i}`), ...Array.from({ length: 10 }, (_, i) => `b${i}`)].sort());
    });

    it('shares a group between members and hands over at the committed offset when one leaves', async () => {
      const g = group('members');
      await log.publish(Array.from({ length: 60 }, (_, i) => record(`k${i % 6}`, `m${i}`)));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let blocked = false;
      const a = await collect(log, {
        group: g,
        maxBatchSize: 2,
        handle: async () => {
          if (blocked) return;
          blocked = true;
          await released;
        },
      });
      await waitFor(() => blocked, 'member A to hold a batch');
      // B joins while A holds a batch: on Kafka the partitions are split between them (A may lose the
      // partition of its batch, and must then not commit it); on the embedded log B is a standby.
      const b = await track(collect(log, { group: g, maxBatchSize: 2 }));
      release();
      await waitFor(() => a.records().length > 0, 'member A to finish its batch');
      await a.subscription.stop();

      await waitFor(async () => lag(await log.positions(g)) === 0, 'the group to commit everything');
      const seen = new Set([...a.records(), ...b.records()].map(text));
      expect([...seen].sort()).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}`).sort());
      // B alone now: committed offsets stay at the end (a late commit from A would have rewound them).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lag(await log.positions(g))).toBe(0);
    });

    it('gives a second group every record from offset 0', async () => {
      await log.publish(Array.from({ length: 20 }, (_, i) => record(`k${i % 3}`, `r${i}`)));
      const a = await track(collect(log, { group: group('first') }));
      await waitFor(() => a.records().length >= 20, 'group one');
      const b = await track(collect(log, { group: group('second') }));
      await waitFor(() => b.records().length >= 20, 'group two');
      expect(b.records().map(text).sort()).toEqual(a.records().map(text).sort());
      expect(b.records()).toHaveLength(20);
    });

    it('reports committed and end offsets per partition, lag 0 once consumed', async () => {
      const g = group('positions');
      const before = await log.positions(g);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((p) => p.committed === 0 && p.end === 0)).toBe(true);

      await log.publish(Array.from({ length: 25 }, (_, i) => record(`k${i % 5}`, `p${i}`)));
      const published = await log.positions(g);
      expect(total(published)).toBe(25);
      expect(published.every((p) => p.committed === 0)).toBe(true);

      const c = await track(collect(log, { group: g, maxBatchSize: 4 }));
      await waitFor(async () => lag(await log.positions(g)) === 0, 'lag 0');
      const after = await log.positions(g);
      for (const p of after) {
        const mine = c.records().filter((r) => r.partition === p.partition);
        expect(p.end).toBe(mine.length);
        expect(p.committed).toBe(p.end);
      }
    });

    it('keeps every acknowledged record across close and reopen', async () => {
      await log.publish(Array.from({ length: 50 }, (_, i) => record(`k${i % 7}`, `d${i}`)));
      // Publishes still in flight when close() is called are flushed, not dropped.
      const inFlight = Array.from({ length: 20 }, (_, i) => log.publish([record(`late-${i}`, `late-${i}`)]));
      await log.close();
      await Promise.all(inFlight);
      await expect(log.publish([record('after', 'after-close')])).rejects.toThrow(/closed/);

      const reopened = await fixture!.reopen();
      const c = await track(collect(reopened, { group: group('reopen') }));
      await waitFor(() => c.records().length >= 70, '70 records after reopening');
      expect(c.records().map(text).sort()).toEqual(
        [...Array.from({ length: 50 }, (_, i) => `d${i}`), ...Array.from({ length: 20 }, (_, i) => `late-${i}`)].sort(),
      );
    });
  });
}
