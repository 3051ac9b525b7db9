// Publish throughput and latency of the event log as the click redirect uses it: many concurrent
// publishers of one 200-byte record each. Embedded log always, Kafka too when KAFKA_BROKERS is set.
//
//   npx tsx bench/eventlog-publish.ts [--seconds 5] [--publishers 50] [--dir /path/on/the/data/disk]
//
// Baseline, measured in the same run on the same disk: one write + fdatasync per record, the
// durability a naive per-request write would buy.
import { Admin } from '@platformatic/kafka';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type EventLog } from '@tracker/core';
import { openEmbeddedLog, openKafkaLog } from '@tracker/core/testing';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    publishers: { type: 'string', default: '50' },
    dir: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const publishers = Number(args.publishers);
const VALUE_BYTES = 200;

interface Result {
  name: string;
  records: number;
  elapsedMs: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(r: Result): void {
  const sorted = [...r.latenciesMs].sort((a, b) => a - b);
  const rate = Math.round(r.records / (r.elapsedMs / 1000));
  console.log(
    `${r.name.padEnd(44)} ${String(rate).padStart(8)} records/s   p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms   (${r.records} records)`,
  );
}

/** `publishers` loops, each publishing one record and waiting for it, for `seconds`. */
async function runPublishers(name: string, publish: (value: Buffer, key: string) => Promise<void>): Promise<Result> {
  const latenciesMs: number[] = [];
  const value = Buffer.alloc(VALUE_BYTES, 'c');
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let records = 0;
  await Promise.all(
    Array.from({ length: publishers }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await publish(value, randomUUID());
        latenciesMs.push(performance.now() - t0);
        records += 1;
      }
    }),
  );
  return { name, records, elapsedMs: performance.now() - start, latenciesMs };
}

async function baselineFsyncPerRecord(dir: string): Promise<Result> {
  const file = path.join(dir, 'baseline.bin');
  const handle = await fs.open(file, 'w');
  const value = Buffer.alloc(VALUE_BYTES + 60, 'c');
  const latenciesMs: number[] = [];
  let position = 0;
  const start = performance.now();
  const deadline = start + Math.min(seconds, 3) * 1000;
  while (performance.now() < deadline) {
    const t0 = performance.now();
    await handle.write(value, 0, value.length, position);
    await handle.datasync();
    position += value.length;
    latenciesMs.push(performance.now() - t0);
  }
  const elapsedMs = performance.now() - start;
  await handle.close();
  return { name: 'baseline: write + fdatasync per record', records: latenciesMs.length, elapsedMs, latenciesMs };
}

async function benchLog(name: string, log: EventLog): Promise<Result> {
  // Warm-up: first segment/producer id/connection set-up is not what we measure.
  await Promise.all(Array.from({ length: publishers }, (_, i) => log.publish([{ key: `warm-${i}`, value: Buffer.alloc(VALUE_BYTES) }])));
  return runPublishers(name, (value, key) => log.publish([{ key, value }]));
}

const root = await fs.mkdtemp(path.join(args.dir ?? os.tmpdir(), 'eventlog-bench-'));
console.log(`event log publish: ${publishers} concurrent publishers x 1 record of ${VALUE_BYTES} B, ${seconds} s each; node ${process.version}, ${os.cpus().length} cores, folder ${root}`);
try {
  report(await baselineFsyncPerRecord(root));

  const embedded = await openEmbeddedLog({ dir: path.join(root, 'log') });
  const result = await benchLog('embedded log (group commit)', embedded);
  await embedded.close();
  report(result);
  console.log(`${''.padEnd(44)} ${embedded.flushes} flushes, ${(embedded.endOffset / embedded.flushes).toFixed(1)} records per fdatasync`);

  const { kafka } = loadConfig(process.env);
  if (kafka) {
    const topic = `tracker.bench.${randomUUID().slice(0, 8)}`;
    const log = await openKafkaLog({ brokers: kafka.brokers, topic, partitions: kafka.partitions, clientId: 'tracker-bench' });
    try {
      report(await benchLog(`kafka log (${kafka.partitions} partitions, acks=all)`, log));
    } finally {
      await log.close();
      const admin = new Admin({ clientId: 'tracker-bench', bootstrapBrokers: kafka.brokers });
      await admin.deleteTopics({ topics: [topic] }).finally(() => admin.close());
    }
  } else {
    console.log('kafka log: skipped (KAFKA_BROKERS is not set)');
  }
} finally {
  await fs.rm(root, { recursive: true, force: true });
}
