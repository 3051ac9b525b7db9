// The Kafka event log (@platformatic/kafka): one topic keyed by record key, an idempotent acks=all
// producer behind group commit, and one consumer-group member per subscription that commits after handling.
import {
  Admin,
  type Consumer as KafkaConsumer,
  Consumer,
  type GenericError,
  type Message,
  type MessageToProduce,
  type MessagesStream,
  ProduceAcks,
  Producer,
  compatibilityPartitioner,
} from '@platformatic/kafka';
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
import { checkPublishRecords } from './publish-check';

export interface KafkaLogOptions {
  brokers: string[];
  topic: string;
  /** Used when the topic has to be created; an existing topic keeps its partition count. */
  partitions: number;
  clientId?: string;
  /** How long a publish, opening the log or joining a group may take before it rejects. Default 15 s:
   *  a broker that is gone must not hang the click redirect. */
  timeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;
const DEFAULT_TIMEOUT_MS = 15_000;
/** Bytes per produce request; the broker refuses record batches over max.message.bytes (1 MiB). */
const MAX_PRODUCE_BYTES = 512 * 1024;
const PER_RECORD_OVERHEAD_BYTES = 80;
const operationTimeout = (options: KafkaLogOptions) => options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
const clientOptions = (options: KafkaLogOptions) => ({
  clientId: options.clientId ?? 'tracker',
  bootstrapBrokers: options.brokers,
  connectTimeout: Math.min(CONNECT_TIMEOUT_MS, operationTimeout(options)),
  requestTimeout: Math.min(REQUEST_TIMEOUT_MS, operationTimeout(options)),
  timeout: Math.min(REQUEST_TIMEOUT_MS, operationTimeout(options)),
  retries: 2,
  retryDelay: 250,
});

/** Rejects with a clear message when `work` takes longer than `ms` (the work itself is not cancelled). */
async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Kafka: ${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the broker refused for a reason that passes (the library marks those `canRetry`, also
 *  inside a response carrying several errors): a coordinator loading or moved, a leader election. */
export function isPassingKafkaError(error: unknown): boolean {
  const findBy = (error as Partial<GenericError> | null)?.findBy;
  return typeof findBy === 'function' && findBy.call(error, 'canRetry', true) != null;
}

/** Closes a client without waiting for its in-flight work; errors are moot by then. */
function forceClose(client: Producer | KafkaConsumer): Promise<void> {
  return new Promise((resolve) => client.close(true, () => resolve()));
}

function hasKafkaError(error: unknown, apiId: string): boolean {
  return typeof (error as GenericError)?.findBy === 'function' && (error as GenericError).findBy('apiId', apiId) !== null;
}

/** Creates the topic unless it exists, then waits until every partition has a leader. */
async function ensureTopic(admin: Admin, topic: string, partitions: number): Promise<void> {
  try {
    await admin.createTopics({ topics: [topic], partitions, replicas: -1 });
  } catch (error) {
    if (!hasKafkaError(error, 'TOPIC_ALREADY_EXISTS')) throw error;
  }
  for (;;) {
    const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
    const described = metadata.topics.get(topic);
    if (described && described.partitions.length > 0 && described.partitions.every((p) => p && p.leader >= 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type OutgoingMessage = MessageToProduce<Buffer, Buffer, Buffer, Buffer>;

export class KafkaEventLog implements EventLog {
  readonly kind = 'kafka' as const;
  readonly #options: KafkaLogOptions;
  readonly #admin: Admin;
  #producer: Producer | undefined;
  readonly #groupCommit: GroupCommit<OutgoingMessage>;
  readonly #subscriptions = new Set<KafkaSubscription>();
  #closing: Promise<void> | undefined;

  private constructor(options: KafkaLogOptions, admin: Admin) {
    this.#options = options;
    this.#admin = admin;
    // One send in flight at a time: the client numbers idempotent batches when it sends them and
    // counts them when acknowledged, so concurrent sends to one partition would be refused as out of
    // sequence. Publishes arriving meanwhile form the next send (group commit).
    this.#groupCommit = new GroupCommit((messages) => this.#send(messages), { maxItemsPerFlush: 10_000 });
  }

  static async open(options: KafkaLogOptions): Promise<KafkaEventLog> {
    const admin = new Admin(clientOptions(options));
    try {
      await withTimeout(ensureTopic(admin, options.topic, options.partitions), operationTimeout(options), `preparing topic ${options.topic}`);
    } catch (error) {
      await admin.close().catch(() => {});
      throw error;
    }
    return new KafkaEventLog(options, admin);
  }

  get topic(): string {
    return this.#options.topic;
  }

  publish(records: readonly PublishRecord[]): Promise<void> {
    if (this.#closing) return Promise.reject(new Error('The event log is closed'));
    try {
      checkPublishRecords(records);
    } catch (error) {
      return Promise.reject(error);
    }
    const now = BigInt(Date.now());
    const messages = records.map(
      (r): OutgoingMessage => ({
        topic: this.#options.topic,
        key: Buffer.from(r.key, 'utf8'),
        value: r.value,
        timestamp: r.timestamp === undefined ? now : BigInt(r.timestamp),
      }),
    );
    return this.#groupCommit.submit(messages);
  }

  async #send(messages: readonly OutgoingMessage[]): Promise<void> {
    for (const chunk of chunksByBytes(messages)) {
      const producer = (this.#producer ??= new Producer({
        ...clientOptions(this.#options),
        idempotent: true,
        acks: ProduceAcks.ALL,
        // Java's partitioner, so other Kafka clients put a key on the same partition as we do.
        partitioner: compatibilityPartitioner,
      }));
      try {
        await withTimeout(producer.send({ messages: chunk }), operationTimeout(this.#options), 'acknowledging published records');
      } catch (error) {
        // The producer's sequence numbers no longer match what the broker has seen (or a send is
        // still in flight after our timeout): start over with a new producer id.
        this.#producer = undefined;
        void forceClose(producer);
        throw error;
      }
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    if (this.#closing) throw new Error('The event log is closed');
    const subscription = new KafkaSubscription(new DeliveryLoop(options), this.#options);
    await subscription.start();
    this.#subscriptions.add(subscription);
    void subscription.finished.then(() => this.#subscriptions.delete(subscription));
    return subscription;
  }

  async positions(group: string): Promise<PartitionPosition[]> {
    return withTimeout(this.#positions(group), operationTimeout(this.#options), `reading the positions of group ${group}`);
  }

  async #positions(group: string): Promise<PartitionPosition[]> {
    const { topic } = this.#options;
    const metadata = await this.#admin.metadata({ topics: [topic] });
    const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
    const partitions = Array.from({ length: count }, (_, i) => i);
    const [groups, ends] = await Promise.all([
      this.#admin.listConsumerGroupOffsets({ groups: [{ groupId: group, topics: [{ name: topic, partitionIndexes: partitions }] }] }),
      this.#admin.listOffsets({
        topics: [{ name: topic, partitions: partitions.map((p) => ({ partitionIndex: p, timestamp: -1n })) }],
      }),
    ]);
    const committed = new Map<number, number>();
    for (const t of groups[0]?.topics ?? []) {
      if (t.name !== topic) continue;
      for (const p of t.partitions) committed.set(p.partitionIndex, Math.max(0, Number(p.committedOffset)));
    }
    const end = new Map<number, number>();
    for (const t of ends) {
      if (t.name !== topic) continue;
      for (const p of t.partitions) end.set(p.partitionIndex, Number(p.offset));
    }
    return partitions.map((p) => ({ partition: p, committed: committed.get(p) ?? 0, end: end.get(p) ?? 0 }));
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#groupCommit.drain();
      await Promise.all([...this.#subscriptions].map((s) => s.stop()));
      await Promise.allSettled([this.#producer?.close(), this.#admin.close()]);
    })();
    return this.#closing;
  }
}

export function openKafkaLog(options: KafkaLogOptions): Promise<KafkaEventLog> {
  return KafkaEventLog.open(options);
}

function* chunksByBytes(messages: readonly OutgoingMessage[]): Generator<OutgoingMessage[]> {
  let chunk: OutgoingMessage[] = [];
  let bytes = 0;
  for (const m of messages) {
    const size = (m.key?.length ?? 0) + (m.value?.length ?? 0) + PER_RECORD_OVERHEAD_BYTES;
    if (chunk.length > 0 && bytes + size > MAX_PRODUCE_BYTES) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(m);
    bytes += size;
  }
  if (chunk.length > 0) yield chunk;
}

/** Records fetched for one partition and not yet handed over. */
interface PartitionQueue {
  records: LogRecord[];
  /** Next offset to accept: a refetch after a rebalance or stream restart repeats records we hold. */
  nextOffset: number;
  /** When the oldest queued record arrived, for `maxWaitMs`. */
  oldestAt: number;
  /** The group generation that gave us the partition: records fetched before it are stale. */
  generation: number;
}

/** One member of a consumer group: fetches through the client's stream, batches per partition, hands
 *  batches over one at a time, commits each after its handler succeeded. */
class KafkaSubscription implements Subscription {
  readonly loop: DeliveryLoop;
  finished: Promise<void> = Promise.resolve();
  readonly #log: KafkaLogOptions;
  readonly #consumer: KafkaConsumer;
  #stream: MessagesStream<Buffer, Buffer, Buffer, Buffer> | undefined;
  readonly #queues = new Map<number, PartitionQueue>();
  #queued = 0;
  #lastPartition = -1;
  #pausedForBackpressure = false;
  #stopPromise: Promise<void> | undefined;

  constructor(loop: DeliveryLoop, log: KafkaLogOptions) {
    this.loop = loop;
    this.#log = log;
    this.#consumer = new Consumer({
      ...clientOptions(log),
      groupId: loop.options.group,
      autocommit: false,
      // A member that died (SIGKILL) holds its partitions, and a restarted one's join waits, this long: at
      // 30 s a projector restarted after a kill failed to join twice within its 15 s start-up limit.
      sessionTimeout: 10_000,
      rebalanceTimeout: 60_000,
      heartbeatInterval: 1_000,
      // The broker holds a fetch this long when there is nothing new; it bounds idle round trips.
      maxWaitTime: 500,
      minBytes: 1,
    });
    this.#consumer.on('consumer:group:join', () => this.#onRebalance());
  }

  get #bufferLimit(): number {
    return Math.max(2 * this.loop.options.maxBatchSize, 1000);
  }

  /** Joins the group and starts fetching from the committed offsets (or the beginning). A join the
   *  broker refuses for a passing reason (its group coordinator still loading after a start, or moved:
   *  NOT_COORDINATOR) is tried again until the operation timeout; the client's own two retries span
   *  half a second, shorter than a busy broker takes to load its offsets partitions. */
  async start(): Promise<void> {
    const limit = operationTimeout(this.#log);
    const deadline = Date.now() + limit;
    for (;;) {
      try {
        const left = Math.max(deadline - Date.now(), 1);
        await withTimeout(this.#openStream(), left, `joining consumer group ${this.loop.options.group} (limit ${limit / 1000} s)`);
        break;
      } catch (error) {
        const delay = this.loop.options.retryDelayMs;
        if (!isPassingKafkaError(error) || Date.now() + delay >= deadline || this.loop.stopping) {
          await forceClose(this.#consumer);
          throw error;
        }
        this.loop.reportConsumerError(error);
        await this.loop.sleep(delay);
      }
    }
    this.#onRebalance();
    this.finished = this.#run().catch((error: unknown) => this.loop.reportConsumerError(error));
  }

  async #openStream(): Promise<void> {
    const stream = await this.#consumer.consume({
      topics: [this.#log.topic],
      mode: 'committed',
      fallbackMode: 'earliest',
      autocommit: false,
      highWaterMark: this.loop.options.maxBatchSize,
    });
    stream.on('data', (message) => this.#onMessage(message));
    stream.on('error', (error) => void this.#restartStream(stream, error));
    this.#stream = stream;
    this.#pausedForBackpressure = false;
  }

  /** The client destroys its stream on a fetch error it gave up on; report it and fetch again. */
  async #restartStream(broken: MessagesStream<Buffer, Buffer, Buffer, Buffer>, error: unknown): Promise<void> {
    if (this.#stream !== broken) return;
    this.#stream = undefined;
    this.loop.reportConsumerError(error);
    while (!this.loop.stopping) {
      await this.loop.sleep(this.loop.options.retryDelayMs);
      if (this.loop.stopping) return;
      try {
        await this.#openStream();
        return;
      } catch (openError) {
        this.loop.reportConsumerError(openError);
      }
    }
  }

  #assignedPartitions(): Set<number> {
    const mine = this.#consumer.assignments?.find((a) => a.topic === this.#log.topic);
    return new Set(mine?.partitions ?? []);
  }

  /** After a rebalance: forget partitions we lost (a batch in hand from one is not committed: its queue
   *  object is gone) and keep the rest; the client refetches kept partitions from their committed
   *  offsets and the queue's `nextOffset` drops what we already hold. */
  #onRebalance(): void {
    const assigned = this.#assignedPartitions();
    for (const [partition, queue] of this.#queues) {
      if (assigned.has(partition)) continue;
      this.#queued -= queue.records.length;
      this.#queues.delete(partition);
    }
    for (const partition of assigned) {
      if (!this.#queues.has(partition)) {
        this.#queues.set(partition, { records: [], nextOffset: -1, oldestAt: 0, generation: this.#consumer.generationId });
      }
    }
    this.#applyBackpressure();
    this.loop.notify();
  }

  #onMessage(message: Message<Buffer, Buffer, Buffer, Buffer>): void {
    const queue = this.#queues.get(message.partition);
    // A fetch that was in flight during a rebalance can still deliver a partition we no longer own.
    if (!queue || message.topic !== this.#log.topic) return;
    // Records buffered while paused, from before we lost and regained the partition.
    const fetchedIn = (message.metadata as { consumer?: { generationId?: number } }).consumer?.generationId;
    if (fetchedIn !== undefined && fetchedIn < queue.generation) return;
    const offset = Number(message.offset);
    if (offset < queue.nextOffset) return;
    if (queue.records.length === 0) queue.oldestAt = Date.now();
    queue.records.push({
      partition: message.partition,
      offset,
      key: message.key ? message.key.toString('utf8') : '',
      value: message.value ?? Buffer.alloc(0),
      timestamp: Number(message.timestamp),
    });
    queue.nextOffset = offset + 1;
    this.#queued += 1;
    this.#applyBackpressure();
    this.loop.notify();
  }

  #applyBackpressure(): void {
    const stream = this.#stream;
    if (!stream) return;
    if (!this.#pausedForBackpressure && this.#queued >= this.#bufferLimit) {
      this.#pausedForBackpressure = true;
      stream.pause();
    } else if (this.#pausedForBackpressure && this.#queued < this.#bufferLimit / 2) {
      this.#pausedForBackpressure = false;
      stream.resume();
    }
  }

  /** Round-robin over partitions with records, so one busy partition does not starve the others. */
  #nextPartition(): number | undefined {
    if (this.#queued === 0) return undefined;
    const partitions = [...this.#queues.keys()].filter((p) => this.#queues.get(p)!.records.length > 0).sort((a, b) => a - b);
    return partitions.find((p) => p > this.#lastPartition) ?? partitions[0];
  }

  async #run(): Promise<void> {
    const { loop } = this;
    const { maxBatchSize, maxWaitMs } = loop.options;
    while (!loop.stopping) {
      await loop.waitUntil(() => this.#queued > 0);
      const partition = this.#nextPartition();
      if (loop.stopping || partition === undefined) continue;
      const queue = this.#queues.get(partition)!;
      const gatherUntil = queue.oldestAt + maxWaitMs;
      if (queue.records.length < maxBatchSize && Date.now() < gatherUntil) {
        await loop.waitUntil(
          () => this.#queues.get(partition) !== queue || queue.records.length >= maxBatchSize,
          gatherUntil - Date.now(),
        );
        if (loop.stopping) break;
        if (this.#queues.get(partition) !== queue || queue.records.length === 0) continue;
      }
      this.#lastPartition = partition;
      // A batch is consecutive offsets: it ends early at a gap (Kafka allows them, e.g. compaction).
      let take = 1;
      while (take < maxBatchSize && take < queue.records.length && queue.records[take]!.offset === queue.records[take - 1]!.offset + 1) {
        take += 1;
      }
      const records = queue.records.splice(0, take);
      this.#queued -= records.length;
      this.#applyBackpressure();
      if (!(await loop.deliver({ partition, records }))) break;
      await this.#commit(partition, queue, records[records.length - 1]!.offset + 1);
    }
  }

  /** Commits until the broker confirms it, so the partition's next batch is never handed over while
   *  this one may still be delivered again (the projector forgets a batch's range on seeing a later one).
   *  Gives up when the partition moved to another member (committing then could rewind its progress;
   *  the new owner starts at the last confirmed commit) or on stop (a restart redelivers the batch). */
  async #commit(partition: number, queue: PartitionQueue, next: number): Promise<void> {
    while (this.#queues.get(partition) === queue) {
      try {
        await this.#consumer.commit({
          offsets: [{ topic: this.#log.topic, partition, offset: BigInt(next), leaderEpoch: -1 }],
        });
        return;
      } catch (error) {
        // The broker restarting, its group coordinator still loading, or a rebalance under way.
        this.loop.reportConsumerError(error);
        if (this.loop.stopping) return;
        await this.loop.sleep(this.loop.options.retryDelayMs);
      }
    }
  }

  stop(): Promise<void> {
    this.#stopPromise ??= (async () => {
      this.loop.requestStop();
      await this.finished;
      const stream = this.#stream;
      this.#stream = undefined;
      if (stream) await withTimeout(stream.close(), operationTimeout(this.#log), 'closing a consumer stream').catch((e) => this.loop.reportConsumerError(e));
      // Leaving the group hands our partitions to the other members at once.
      await withTimeout(this.#consumer.close(), operationTimeout(this.#log), 'leaving the consumer group').catch(async (e) => {
        this.loop.reportConsumerError(e);
        await forceClose(this.#consumer);
      });
    })();
    return this.#stopPromise;
  }
}
