// The embedded event log: one partition of append-only segment files under a folder, fsync'd group
// commit, and consumer groups whose committed offsets are files beside it. The folder belongs to ONE process.
import path from 'node:path';
import { createLogger, type Logger } from '../logger';
import { ConsumerOffsets } from './consumer-offsets';
import { DeliveryLoop } from './delivery-loop';
import type {
  EventLog,
  LogRecord,
  PartitionPosition,
  PublishRecord,
  SubscribeOptions,
  Subscription,
} from './event-log';
import { GroupCommit } from './group-commit';
import { type AppendRecord, PartitionLog, type ReadCursor } from './partition-log';
import { checkPublishRecords } from './publish-check';

/*
 * Layout:   <dir>/partition-0/<base offset, 20 digits>.log   record frames (see record-frame.ts)
 *           <dir>/consumer-offsets/<group>.json               committed offset per group
 *
 * One partition: a single machine's click rate fits one sequential writer, and one partition keeps a
 * total order, which makes "replay from offset 0" trivially reproducible. Records are never deleted.
 *
 * Nothing here locks the folder: two processes appending to it would interleave frames. The CLI locks
 * DATA_DIR (`tracker all`); anything else opening the folder must do the same.
 */

export interface EmbeddedLogOptions {
  dir: string;
  /** A new segment file starts once the current one would grow past this. Default 64 MiB. */
  segmentBytes?: number;
  /** Bytes of the latest appends also kept in memory for consumers following the head. Default 16 MiB. */
  heldBytes?: number;
  /** Told about a torn tail cut on open. */
  logger?: Logger;
}

const DEFAULT_SEGMENT_BYTES = 64 * 1024 * 1024;
const PARTITION = 0;

export class EmbeddedEventLog implements EventLog {
  readonly kind = 'embedded' as const;
  readonly #dir: string;
  readonly #partition: PartitionLog;
  readonly #offsets: ConsumerOffsets;
  readonly #groupCommit: GroupCommit<AppendRecord>;
  readonly #subscriptions = new Set<GroupSubscription>();
  /** After a failed write or fsync the file's state is unknown: stop accepting records (fail-stop). */
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;
  #flushes = 0;

  private constructor(dir: string, partition: PartitionLog, offsets: ConsumerOffsets) {
    this.#dir = dir;
    this.#partition = partition;
    this.#offsets = offsets;
    this.#groupCommit = new GroupCommit((records) => this.#flush(records));
  }

  static async open(options: EmbeddedLogOptions): Promise<EmbeddedEventLog> {
    const partition = await PartitionLog.open(
      path.join(options.dir, `partition-${PARTITION}`),
      PARTITION,
      options.segmentBytes ?? DEFAULT_SEGMENT_BYTES,
      options.heldBytes,
    );
    const torn = partition.tornTail;
    if (torn) {
      // Bytes of a write a crash interrupted: never acknowledged, so no click is lost, but an operator
      // seeing the log shrink (or a disk that corrupts data) must be able to tell what was cut.
      (options.logger ?? createLogger('info', 'event-log')).warn(
        torn,
        'event log: cut a torn tail from the last segment on open (a write interrupted by a crash, never acknowledged)',
      );
    }
    try {
      const offsets = await ConsumerOffsets.open(path.join(options.dir, 'consumer-offsets'));
      return new EmbeddedEventLog(options.dir, partition, offsets);
    } catch (error) {
      await partition.close();
      throw error;
    }
  }

  /** Bytes of a torn tail cut off when this log was opened (0 after a clean shutdown). */
  get recoveredBytes(): number {
    return this.#partition.recoveredBytes;
  }

  get segmentCount(): number {
    return this.#partition.segmentCount;
  }

  get endOffset(): number {
    return this.#partition.endOffset;
  }

  /** The folder this log lives in (its segments under partition-0/, the groups' offsets under consumer-offsets/). */
  get dir(): string {
    return this.#dir;
  }

  /** The durable records' files at this instant, for a backup: see PartitionLog.snapshot. */
  snapshot(): { endOffset: number; files: Array<{ path: string; bytes: number }> } {
    return this.#partition.snapshot();
  }

  /** How many write + fdatasync rounds publishing has taken: group commit keeps it far below the
   *  number of publish calls. */
  get flushes(): number {
    return this.#flushes;
  }

  publish(records: readonly PublishRecord[]): Promise<void> {
    if (this.#closing) return Promise.reject(new Error('The event log is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    try {
      checkPublishRecords(records);
    } catch (error) {
      return Promise.reject(error);
    }
    const now = Date.now();
    const appendRecords = records.map((r) => ({
      key: Buffer.from(r.key, 'utf8'),
      value: r.value,
      timestamp: r.timestamp ?? now,
    }));
    return this.#groupCommit.submit(appendRecords);
  }

  async #flush(records: readonly AppendRecord[]): Promise<void> {
    if (this.#failure) throw this.#failure;
    try {
      this.#flushes += 1;
      await this.#partition.append(records);
    } catch (error) {
      this.#failure = new Error('The event log could not write durably and accepts no more records until it is reopened', {
        cause: error,
      });
      throw this.#failure;
    }
    for (const s of this.#subscriptions) s.loop.notify();
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.#closing) throw new Error('The event log is closed');
    // As in Kafka, one member of a group owns the partition; later members of the same group wait
    // as standbys and take over, from the committed offset, when the owner stops.
    const subscription = new GroupSubscription(new DeliveryLoop(options), this.#partition, this.#offsets, (s) =>
      this.#owner(s.group) === s,
    );
    this.#subscriptions.add(subscription);
    subscription.start();
    void subscription.finished.then(() => {
      this.#subscriptions.delete(subscription);
      for (const s of this.#subscriptions) s.loop.notify();
    });
    return subscription;
  }

  /** The oldest running subscription of the group. */
  #owner(group: string): GroupSubscription | undefined {
    for (const s of this.#subscriptions) if (s.group === group) return s;
    return undefined;
  }

  async positions(group: string): Promise<PartitionPosition[]> {
    return [{ partition: PARTITION, committed: this.#offsets.committed(group, PARTITION), end: this.#partition.endOffset }];
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#groupCommit.drain();
      await Promise.all([...this.#subscriptions].map((s) => s.stop()));
      await this.#partition.close();
    })();
    return this.#closing;
  }
}

export function openEmbeddedLog(options: EmbeddedLogOptions): Promise<EmbeddedEventLog> {
  return EmbeddedEventLog.open(options);
}

/** One group's delivery loop: wait for records, gather a batch, hand it over until it succeeds, commit. */
class GroupSubscription implements Subscription {
  readonly loop: DeliveryLoop;
  finished: Promise<void> = Promise.resolve();
  readonly #partition: PartitionLog;
  readonly #offsets: ConsumerOffsets;
  readonly #ownsPartition: (s: GroupSubscription) => boolean;

  constructor(
    loop: DeliveryLoop,
    partition: PartitionLog,
    offsets: ConsumerOffsets,
    ownsPartition: (s: GroupSubscription) => boolean,
  ) {
    this.loop = loop;
    this.#partition = partition;
    this.#offsets = offsets;
    this.#ownsPartition = ownsPartition;
  }

  start(): void {
    // The loop handles its own errors; this only catches a bug or a throwing onError callback.
    this.finished = this.#run().catch((error: unknown) => this.loop.reportConsumerError(error));
  }

  get group(): string {
    return this.loop.options.group;
  }

  async stop(): Promise<void> {
    this.loop.requestStop();
    await this.finished;
  }

  async #run(): Promise<void> {
    const { loop } = this;
    const partition = this.#partition;
    const { maxBatchSize, maxWaitMs, retryDelayMs } = loop.options;
    await loop.waitUntil(() => this.#ownsPartition(this));
    if (loop.stopping) return;
    let cursor: ReadCursor | undefined;
    while (!cursor) {
      try {
        cursor = await partition.seek(this.#offsets.committed(this.group, partition.partition));
      } catch (error) {
        // A corrupt segment, or a committed offset past the end (a folder restored from an older
        // copy): say so and keep trying rather than skip or repeat records.
        loop.reportConsumerError(error);
        await loop.sleep(retryDelayMs);
        if (loop.stopping) return;
      }
    }
    const available = () => partition.endOffset - cursor.offset;
    while (!loop.stopping) {
      await loop.waitUntil(() => available() > 0);
      if (loop.stopping) break;
      if (maxWaitMs > 0 && available() < maxBatchSize) {
        await loop.waitUntil(() => available() >= maxBatchSize, maxWaitMs);
      }
      let records: LogRecord[];
      try {
        records = await partition.read(cursor, maxBatchSize);
      } catch (error) {
        // A corrupt segment: say so and keep trying rather than skip records.
        loop.reportConsumerError(error);
        await loop.sleep(retryDelayMs);
        continue;
      }
      if (records.length === 0) continue;
      if (!(await loop.deliver({ partition: partition.partition, records }))) break;
      await this.#commit(records[records.length - 1]!.offset + 1);
    }
  }

  async #commit(next: number): Promise<void> {
    for (;;) {
      try {
        await this.#offsets.commit(this.group, this.#partition.partition, next);
        return;
      } catch (error) {
        this.loop.reportConsumerError(error);
        // Without the commit a restart redelivers the batch, which at-least-once allows: stopping
        // does not wait for the disk to recover.
        if (this.loop.stopping) return;
        await this.loop.sleep(this.loop.options.retryDelayMs);
      }
    }
  }
}
