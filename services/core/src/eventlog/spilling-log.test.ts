// The spill in front of Kafka: a publish the broker does not acknowledge in time is durable in the
// spill before it resolves, the spill reaches the broker in order once it answers, and a full spill refuses.
// The broker is stood in for by an embedded log whose acknowledgements can be held back (a broker
// that is down or whose partition leader moves); the real broker stopped under load is in `make test-faults`.
import { afterEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logger';
import { openEmbeddedLog, type EmbeddedEventLog } from './embedded-log';
import type { EventLog, LogRecord, PublishRecord, SubscribeOptions } from './event-log';
import { SpillFullError, openSpillingLog, spillStatusOf, type SpillingEventLog } from './spilling-log';

/** A log standing in for Kafka: while `down`, a publish neither resolves nor rejects until it comes back. */
class UnreliableBroker implements EventLog {
  readonly kind = 'kafka' as const;
  down = false;
  refuse = false;
  #waiting: Array<() => void> = [];
  constructor(readonly log: EmbeddedEventLog) {}
  async publish(records: readonly PublishRecord[]): Promise<void> {
    if (this.refuse) throw new Error('connection refused');
    if (this.down) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    await this.log.publish(records);
  }
  comeBack(): void {
    this.down = false;
    this.refuse = false;
    for (const resume of this.#waiting.splice(0)) resume();
  }
  subscribe(options: SubscribeOptions) {
    return this.log.subscribe(options);
  }
  positions(group: string) {
    return this.log.positions(group);
  }
  close() {
    return this.log.close();
  }
}

const dirs: string[] = [];
const opened: EventLog[] = [];
afterEach(async () => {
  for (const log of opened.splice(0)) await log.close().catch(() => {});
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function setup(options: { maxBytes?: number; dir?: string } = {}) {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spill-'));
  if (!options.dir) dirs.push(dir);
  const broker = new UnreliableBroker(await openEmbeddedLog({ dir: path.join(dir, 'broker') }));
  const log = await openSpillingLog({
    primary: broker,
    dir: path.join(dir, 'spill'),
    spillAfterMs: 100,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    logger: createLogger('silent'),
  });
  opened.push(log, broker);
  return { dir, broker, log };
}

const record = (n: number): PublishRecord => ({ key: `click-${n}`, value: Buffer.from(JSON.stringify({ id: `event-${n}` })) });

async function brokerRecords(broker: UnreliableBroker): Promise<LogRecord[]> {
  const end = (await broker.positions('reader'))[0]!.end;
  const seen: LogRecord[] = [];
  const subscription = await broker.subscribe({ group: `reader-${Math.random()}`, maxWaitMs: 0, handle: async (b) => void seen.push(...b.records) });
  const deadline = Date.now() + 10_000;
  while (seen.length < end && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await subscription.stop();
  return seen;
}

async function until(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const keysOf = (records: LogRecord[]) => records.map((r) => r.key);
/** Each key once, in the order of its first copy (the projector keeps the first copy of an event id). */
const firstCopies = (keys: string[]) => [...new Set(keys)];

describe('spilling event log', () => {
  it('publishes straight to a healthy broker and leaves the spill empty', async () => {
    const { broker, log } = await setup();
    await log.publish([record(1), record(2)]);
    expect(keysOf(await brokerRecords(broker))).toEqual(['click-1', 'click-2']);
    expect(spillStatusOf(log)).toMatchObject({ records: 0, spilledTotal: 0, forwardedTotal: 0 });
  });

  it('answers within its bound while the broker is down, then forwards the spill in order once it is back', async () => {
    const { broker, log } = await setup();
    await log.publish([record(1)]);
    broker.down = true;
    const started = Date.now();
    await log.publish([record(2)]);
    // Generous: the bound is 100 ms, the machine is shared.
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all([3, 4, 5].map((n) => log.publish([record(n)])));
    expect(spillStatusOf(log)).toMatchObject({ records: 4, spilledTotal: 4 });

    broker.comeBack();
    await until(() => spillStatusOf(log)!.records === 0, 'the spill to be forwarded');
    await log.publish([record(6)]);
    const keys = keysOf(await brokerRecords(broker));
    expect(firstCopies(keys)).toEqual(['click-1', 'click-2', 'click-3', 'click-4', 'click-5', 'click-6']);
    expect(spillStatusOf(log)).toMatchObject({ records: 0, forwardedTotal: 4 });
    expect(spillStatusOf(log)!.lastForwardedAt).toBeGreaterThan(0);
  });

  it('spills at once when the broker refuses the connection', async () => {
    const { broker, log } = await setup();
    broker.refuse = true;
    await log.publish([record(1)]);
    expect(spillStatusOf(log)).toMatchObject({ records: 1, spilledTotal: 1 });
    broker.comeBack();
    await until(() => spillStatusOf(log)!.records === 0, 'the spill to be forwarded');
    expect(keysOf(await brokerRecords(broker))).toEqual(['click-1']);
  });

  it('refuses with SpillFullError once the spill holds its size limit, and takes records again after forwarding', async () => {
    const oneRecord = Buffer.byteLength(record(1).key) + record(1).value.length;
    const { broker, log } = await setup({ maxBytes: oneRecord * 2 });
    broker.down = true;
    await log.publish([record(1)]);
    await log.publish([record(2)]);
    await expect(log.publish([record(3)])).rejects.toBeInstanceOf(SpillFullError);
    expect(spillStatusOf(log)).toMatchObject({ records: 2, refusedTotal: 1 });
    broker.comeBack();
    await until(() => spillStatusOf(log)!.records === 0, 'the spill to be forwarded');
    await log.publish([record(4)]);
    expect(firstCopies(keysOf(await brokerRecords(broker)))).toEqual(['click-1', 'click-2', 'click-4']);
  });

  it('forwards a spill left by an earlier run when it opens, and empties its folder once forwarded', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spill-'));
    dirs.push(dir);
    const first = await setup({ dir });
    first.broker.refuse = true;
    await first.log.publish([record(1)]);
    await first.log.publish([record(2)]);
    await first.log.close();
    await first.broker.close();
    opened.length = 0;

    const second = await setup({ dir });
    await until(() => spillStatusOf(second.log)!.records === 0, 'the earlier spill to be forwarded');
    expect(firstCopies(keysOf(await brokerRecords(second.broker)))).toEqual(['click-1', 'click-2']);
    await second.log.close();
    await second.broker.close();
    opened.length = 0;

    const third = await setup({ dir });
    expect((third.log as SpillingEventLog).spillStatus.records).toBe(0);
    const segments = fs.readdirSync(path.join(dir, 'spill', 'partition-0'));
    expect(segments.map((f) => fs.statSync(path.join(dir, 'spill', 'partition-0', f)).size).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
