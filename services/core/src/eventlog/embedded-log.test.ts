// What only the embedded log has to prove, on its own files: acknowledged records survive SIGKILL,
// torn tails are cut on open, segments roll and are read across, and concurrent publishes share fsyncs.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EmbeddedEventLog, openEmbeddedLog } from './embedded-log';
import type { LogRecord } from './event-log';
import { waitFor } from './event-log.contract';
import { frameSize, writeFrame } from './record-frame';
import { captureLogger, LEVEL } from '../testing/captured-logger';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const crashPublisher = fileURLToPath(new URL('./crash-publisher.ts', import.meta.url));

let dir: string;
const opened: EmbeddedEventLog[] = [];

async function open(options: { segmentBytes?: number; heldBytes?: number } = {}): Promise<EmbeddedEventLog> {
  const log = await openEmbeddedLog({ dir, ...options });
  opened.push(log);
  return log;
}

/** Every record, read by a fresh consumer group from offset 0. */
async function readAll(log: EmbeddedEventLog): Promise<LogRecord[]> {
  const records: LogRecord[] = [];
  const subscription = await log.subscribe({
    group: `read-all-${randomUUID()}`,
    maxWaitMs: 0,
    handle: async (batch) => {
      records.push(...batch.records);
    },
  });
  await waitFor(() => records.length >= log.endOffset, `${log.endOffset} records`);
  await subscription.stop();
  return records;
}

const lastSegment = async () => {
  const partitionDir = path.join(dir, 'partition-0');
  const names = (await fs.readdir(partitionDir)).filter((n) => n.endsWith('.log')).sort();
  return path.join(partitionDir, names[names.length - 1]!);
};

function frameBytes(offset: number, value: string): Buffer {
  const key = Buffer.from(`k-${offset}`);
  const bytes = Buffer.alloc(frameSize(key.length, Buffer.byteLength(value)));
  writeFrame(bytes, 0, { offset, timestamp: Date.now(), key, value: Buffer.from(value) });
  return bytes;
}

const publishNumbered = (log: EmbeddedEventLog, count: number, from = 0) =>
  log.publish(Array.from({ length: count }, (_, i) => ({ key: `k-${from + i}`, value: Buffer.from(`value-${from + i}`) })));

describe('embedded event log on disk', () => {
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-log-'));
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((log) => log.close()));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged record when the publishing process is SIGKILLed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', crashPublisher, dir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: string[] = [];
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('acked ')) acked.push(line.slice(6));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('close', (code, signal) => resolve(signal ?? code)));

    await waitFor(() => acked.length >= 2000 || child.exitCode !== null, '2000 acknowledged publishes', 30_000).catch((error) => {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}; child stderr: ${stderr}`);
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(stderr).toBe('');

    const log = await open();
    const stored = new Set((await readAll(log)).map((r) => r.key));
    const lost = acked.filter((value) => !stored.has(value));
    expect(lost).toEqual([]);
    expect(log.endOffset).toBeGreaterThanOrEqual(acked.length);
    // Offsets stay dense after recovery: the next record follows the last durable one.
    await publishNumbered(log, 1, 1_000_000);
    const all = await readAll(log);
    expect(all.map((r) => r.offset)).toEqual(all.map((_, i) => i));
  }, 60_000);

  it('cuts a torn tail on open and continues at the next dense offset', async () => {
    const first = await open();
    await publishNumbered(first, 10);
    await first.close();
    // Half a frame, as a crash in the middle of a write leaves it.
    await fs.appendFile(await lastSegment(), frameBytes(10, 'never acknowledged').subarray(0, 20));

    const log = await open();
    expect(log.recoveredBytes).toBe(20);
    expect(log.endOffset).toBe(10);
    await publishNumbered(log, 1, 10);
    const records = await readAll(log);
    expect(records.map((r) => [r.offset, r.value.toString()])).toEqual(Array.from({ length: 11 }, (_, i) => [i, `value-${i}`]));
  });

  it('logs the torn tail it cuts: segment, offset and bytes', async () => {
    const first = await open();
    await publishNumbered(first, 3);
    await first.close();
    const segment = await lastSegment();
    const validBytes = (await fs.stat(segment)).size;
    await fs.appendFile(segment, frameBytes(3, 'never acknowledged').subarray(0, 20));

    const { logger, lines } = captureLogger();
    opened.push(await openEmbeddedLog({ dir, logger }));
    const warnings = lines.filter((l) => l.level === LEVEL.warn);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ segment, position: validBytes, offset: 3, bytesCut: 20 });
    expect(warnings[0]!.msg).toMatch(/torn tail/);
  });

  it('cuts a whole frame whose checksum does not match, and garbage after it', async () => {
    const first = await open();
    await publishNumbered(first, 5);
    await first.close();
    const corrupt = frameBytes(5, 'bit rot');
    corrupt[corrupt.length - 1]! ^= 0xff;
    await fs.appendFile(await lastSegment(), Buffer.concat([corrupt, Buffer.from('garbage')]));

    const log = await open();
    expect(log.recoveredBytes).toBe(corrupt.length + 7);
    expect((await readAll(log)).map((r) => r.offset)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reads the appends it still holds from memory and older ones from the files: the same records either way', async () => {
    // Small segments and a small memory: a reader from offset 0 crosses segments, and files and memory.
    const log = await open({ segmentBytes: 1024, heldBytes: 600 });
    for (let i = 0; i < 30; i++) await publishNumbered(log, 10, i * 10);
    const followed = await readAll(log);
    await log.close();
    const fromFiles = await readAll(await open());
    const shape = (records: LogRecord[]) => records.map((r) => [r.offset, r.key, r.value.toString(), r.timestamp]);
    expect(shape(followed)).toEqual(shape(fromFiles));
    expect(shape(followed).map(([offset, key]) => [offset, key])).toEqual(Array.from({ length: 300 }, (_, i) => [i, `k-${i}`]));
  });

  it('hands a consumer following the head the records as acknowledged, from memory, not read back from the file', async () => {
    const log = await open();
    await publishNumbered(log, 5);
    // Bytes changed on disk after the acknowledgement (what a file read would see) do not reach the consumer.
    const segment = await fs.open(await lastSegment(), 'r+');
    const size = (await segment.stat()).size;
    await segment.write(Buffer.from('XXXX'), 0, 4, size - 4);
    await segment.close();
    expect((await readAll(log)).map((r) => r.value.toString())).toEqual(['value-0', 'value-1', 'value-2', 'value-3', 'value-4']);
  });

  it('rolls segments and reads across them, resuming mid-log at a committed offset', async () => {
    const log = await open({ segmentBytes: 1024 });
    for (let i = 0; i < 30; i++) await publishNumbered(log, 10, i * 10);
    expect(log.segmentCount).toBeGreaterThan(5);
    const names = (await fs.readdir(path.join(dir, 'partition-0'))).sort();
    expect(names[0]).toBe('00000000000000000000.log');
    expect(names.every((n) => /^\d{20}\.log$/.test(n))).toBe(true);

    const group = 'projector';
    const firstRun: LogRecord[] = [];
    const subscription = await log.subscribe({
      group,
      maxBatchSize: 137,
      maxWaitMs: 0,
      handle: async (batch) => {
        firstRun.push(...batch.records);
      },
    });
    await waitFor(() => firstRun.length >= 137, 'the first batch');
    await subscription.stop();
    const { committed } = (await log.positions(group))[0]!;
    expect(committed).toBe(firstRun.length);
    await log.close();

    const reopened = await open({ segmentBytes: 1024 });
    expect(reopened.segmentCount).toBe(log.segmentCount);
    const secondRun: LogRecord[] = [];
    const again = await reopened.subscribe({
      group,
      maxWaitMs: 0,
      handle: async (batch) => {
        secondRun.push(...batch.records);
      },
    });
    await waitFor(() => secondRun.length >= 300 - committed, 'the rest of the log');
    await again.stop();
    expect(secondRun.map((r) => r.offset)).toEqual(Array.from({ length: 300 - committed }, (_, i) => committed + i));
    expect(secondRun.map((r) => r.value.toString())).toEqual(secondRun.map((r) => `value-${r.offset}`));
  });

  it('finds a committed offset deep inside a large segment through its sparse index', async () => {
    const log = await open();
    const value = Buffer.alloc(500, 'x');
    for (let i = 0; i < 10; i++) {
      await log.publish(Array.from({ length: 1000 }, (_, j) => ({ key: `k-${i * 1000 + j}`, value })));
    }
    await log.close();
    const reopened = await open();
    // Commit 8765 through a consumer that handles exactly that many records (it refuses the next
    // batch until stopped), then resume.
    const records: LogRecord[] = [];
    const first = await reopened.subscribe({
      group: 'deep',
      maxBatchSize: 8765,
      maxWaitMs: 0,
      retryDelayMs: 10,
      onError: () => {},
      handle: async (b) => {
        if (records.length > 0) throw new Error('one batch only');
        records.push(...b.records);
      },
    });
    await waitFor(() => records.length >= 8765, 'the first 8765 records');
    await first.stop();
    expect((await reopened.positions('deep'))[0]!.committed).toBe(8765);
    const rest: LogRecord[] = [];
    const second = await reopened.subscribe({ group: 'deep', maxWaitMs: 0, handle: async (b) => void rest.push(...b.records) });
    await waitFor(() => rest.length >= 10_000 - 8765, 'the rest');
    await second.stop();
    expect(rest[0]!.offset).toBe(8765);
    expect(rest[0]!.key).toBe('k-8765');
  });

  it('shares one write and fsync between concurrent publishes (group commit)', async () => {
    const log = await open();
    await Promise.all(Array.from({ length: 500 }, (_, i) => log.publish([{ key: `k-${i}`, value: Buffer.from(`v-${i}`) }])));
    expect(log.endOffset).toBe(500);
    expect(log.flushes).toBeLessThanOrEqual(5);
  });

  it('refuses publishes after close, and resolves those made before it', async () => {
    const log = await open();
    const before = publishNumbered(log, 3);
    await log.close();
    await expect(before).resolves.toBeUndefined();
    await expect(publishNumbered(log, 1)).rejects.toThrow('The event log is closed');
  });
});
