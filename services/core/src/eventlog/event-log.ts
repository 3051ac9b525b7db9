// The event log: an ordered, durable, partitioned log of opaque records, consumed by named groups.
// Two implementations: Kafka (`KAFKA_BROKERS`) and an embedded segment-file log under DATA_DIR.

export interface PublishRecord {
  /** Partitioning key: records with one key keep their order (we key by click id). */
  key: string;
  /** Opaque payload (our events are JSON envelopes). */
  value: Buffer;
  /** Epoch ms; defaults to now. */
  timestamp?: number;
}

export interface LogRecord {
  partition: number;
  /** Position within the partition, dense from 0. */
  offset: number;
  key: string;
  value: Buffer;
  timestamp: number;
}

/** A run of consecutive records of one partition, in offset order. */
export interface LogBatch {
  partition: number;
  records: LogRecord[];
}

export interface SubscribeOptions {
  /** Consumer group: each group sees every record; its committed offsets survive restarts. */
  group: string;
  /** Called with one batch at a time per partition; its offsets are committed only after it resolves.
   *  A rejected handler is retried with the same records (at-least-once), after `retryDelayMs`.
   *  The next batch of a partition comes only once this one's commit is confirmed (or the partition
   *  went to another member): a handler may take a later batch as proof that earlier ones are committed. */
  handle: (batch: LogBatch) => Promise<void>;
  /** Upper bound of records in one batch. Default 1000. */
  maxBatchSize?: number;
  /** How long to wait for more records before handing over a smaller batch. Default 50 ms. */
  maxWaitMs?: number;
  /** Delay before a failed batch is handed over again. Default 1000 ms. */
  retryDelayMs?: number;
  /** Called when a handler fails (before the retry); for logging. */
  onError?: (error: unknown, batch: LogBatch) => void;
  /** Called when the subscription itself hits a problem it keeps retrying: a fetch, a commit, a lost
   *  connection or an unreadable segment. For logging; without it the error goes to console.error. */
  onConsumerError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops fetching, waits for the batch in hand to finish and commit, then leaves the group. */
  stop(): Promise<void>;
}

export interface PartitionPosition {
  partition: number;
  /** Next offset the group will read (0 when it never committed). */
  committed: number;
  /** Offset the next published record of this partition will get. */
  end: number;
}

export interface EventLog {
  readonly kind: 'kafka' | 'embedded';
  /** Resolves once every record is durable (fsync'd locally, or acknowledged by all in-sync replicas).
   *  Concurrent calls share one flush (group commit). Rejects if durability cannot be confirmed, and
   *  rejects (that call only) records that are malformed or over 1,000,000 bytes of key + value. */
  publish(records: readonly PublishRecord[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Committed and end offsets of a group, per partition: lag = end - committed. */
  positions(group: string): Promise<PartitionPosition[]>;
  /** Flushes pending publishes, stops every subscription, releases files and connections. */
  close(): Promise<void>;
}
