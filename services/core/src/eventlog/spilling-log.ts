// Kafka with a local spill (DESIGN.md §2): a publish the broker does not acknowledge within a short bound
// is made durable in an embedded segment log instead, and a forwarder moves that spill into Kafka in order.
import fs from 'node:fs/promises';
import { createLogger, type Logger } from '../logger';
import { openEmbeddedLog, type EmbeddedEventLog } from './embedded-log';
import type { EventLog, PartitionPosition, PublishRecord, SubscribeOptions, Subscription } from './event-log';
import { checkPublishRecords } from './publish-check';

/** The spill would grow past its configured size: the record is NOT durable anywhere. */
export class SpillFullError extends Error {
  override name = 'SpillFullError';
}

/** What an operator (and later the metrics) needs to see of a spill. */
export interface SpillStatus {
  /** Records written to the spill and not yet acknowledged by Kafka. */
  records: number;
  /** Their key + value bytes (estimated for a backlog found on open). */
  bytes: number;
  /** Records spilled and forwarded since this process started. */
  spilledTotal: number;
  forwardedTotal: number;
  /** Records neither Kafka nor the spill took (disk full or the spill broken). */
  refusedTotal: number;
  /** Epoch ms of the last batch the forwarder moved into Kafka. */
  lastForwardedAt?: number;
  /** The forwarder's last failure while the spill is not empty (Kafka still down, typically). */
  lastError?: string;
}

export interface SpillingLogOptions {
  /** The Kafka log. */
  primary: EventLog;
  /** The spill's folder (an embedded segment log); one process owns it. */
  dir: string;
  /** How long a publish waits for Kafka before it goes to the spill. */
  spillAfterMs: number;
  /** Most key + value bytes the spill holds unforwarded; past it a publish rejects with SpillFullError. */
  maxBytes: number;
  logger?: Logger;
}

const FORWARDER_GROUP = 'spill-forwarder';
const FORWARD_BATCH = 1000;
const FORWARD_RETRY_MS = 1000;

const recordBytes = (records: readonly PublishRecord[]) =>
  records.reduce((sum, r) => sum + Buffer.byteLength(r.key) + r.value.length, 0);

/** Resolves true when `work` settles successfully within `ms`, false when it fails or takes longer. */
function settlesWithin(work: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

async function backlogOf(spill: EventLog): Promise<number> {
  const positions: PartitionPosition[] = await spill.positions(FORWARDER_GROUP);
  return positions.reduce((sum, p) => sum + (p.end - p.committed), 0);
}

/** Opens the spill; a spill forwarded to its end is emptied first, so its files do not grow forever. */
async function openSpill(dir: string, logger: Logger): Promise<{ spill: EmbeddedEventLog; backlog: number; bytes: number }> {
  let spill = await openEmbeddedLog({ dir, logger });
  let backlog = await backlogOf(spill);
  if (backlog === 0 && spill.endOffset > 0) {
    await spill.close();
    await fs.rm(dir, { recursive: true, force: true });
    spill = await openEmbeddedLog({ dir, logger });
    backlog = 0;
  }
  let bytes = 0;
  if (backlog > 0) {
    // Frames add a little to each record; counting the files' share of the backlog errs on the full side.
    const folder = `${dir}/partition-0`;
    const sizes = await Promise.all((await fs.readdir(folder)).map(async (f) => (await fs.stat(`${folder}/${f}`)).size));
    bytes = Math.round((sizes.reduce((a, b) => a + b, 0) * backlog) / Math.max(1, spill.endOffset));
  }
  return { spill, backlog, bytes };
}

export class SpillingEventLog implements EventLog {
  readonly kind: EventLog['kind'];
  readonly #primary: EventLog;
  readonly #spill: EmbeddedEventLog;
  readonly #options: SpillingLogOptions;
  readonly #logger: Logger;
  readonly #status: SpillStatus;
  #forwarder: Subscription | undefined;
  #closing: Promise<void> | undefined;

  private constructor(options: SpillingLogOptions, spill: EmbeddedEventLog, backlog: number, bytes: number, logger: Logger) {
    this.#primary = options.primary;
    this.kind = options.primary.kind;
    this.#spill = spill;
    this.#options = options;
    this.#logger = logger;
    this.#status = { records: backlog, bytes, spilledTotal: 0, forwardedTotal: 0, refusedTotal: 0 };
  }

  static async open(options: SpillingLogOptions): Promise<SpillingEventLog> {
    const logger = options.logger ?? createLogger('info', 'event-log');
    const { spill, backlog, bytes } = await openSpill(options.dir, logger);
    const log = new SpillingEventLog(options, spill, backlog, bytes, logger);
    if (backlog > 0) logger.warn({ records: backlog }, 'event log: a spill from an earlier run is waiting for Kafka; forwarding it');
    log.#forwarder = await spill.subscribe({
      group: FORWARDER_GROUP,
      maxBatchSize: FORWARD_BATCH,
      maxWaitMs: 0,
      retryDelayMs: FORWARD_RETRY_MS,
      handle: (batch) => log.#forward(batch.records),
      onError: (error) => {
        log.#status.lastError = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, spilled: log.#status.records }, 'event log: Kafka did not take the spill yet; retrying');
      },
    });
    return log;
  }

  /** A snapshot of the spill's depth and the forwarder's progress. */
  get spillStatus(): SpillStatus {
    return { ...this.#status };
  }

  publish(records: readonly PublishRecord[]): Promise<void> {
    if (this.#closing) return Promise.reject(new Error('The event log is closed'));
    try {
      checkPublishRecords(records);
    } catch (error) {
      return Promise.reject(error);
    }
    // While anything waits in the spill, new records queue behind it: Kafka gets them in order.
    if (this.#status.records > 0) return this.#toSpill(records);
    return this.#direct(records);
  }

  async #direct(records: readonly PublishRecord[]): Promise<void> {
    const sent = this.#primary.publish(records);
    if (await settlesWithin(sent, this.#options.spillAfterMs)) return;
    // Kafka may still take these records later: the spilled copy then arrives second and the
    // projector keeps one (event ids). Its outcome no longer matters to the caller.
    sent.catch(() => {});
    return this.#toSpill(records);
  }

  async #toSpill(records: readonly PublishRecord[]): Promise<void> {
    const bytes = recordBytes(records);
    if (this.#status.bytes + bytes > this.#options.maxBytes) {
      this.#status.refusedTotal += records.length;
      throw new SpillFullError(`Kafka is unavailable and the spill holds its limit of ${this.#options.maxBytes} bytes`);
    }
    // Counted before the write, so publishes arriving meanwhile queue behind it rather than overtake.
    this.#status.records += records.length;
    this.#status.bytes += bytes;
    try {
      await this.#spill.publish(records);
      this.#status.spilledTotal += records.length;
    } catch (error) {
      this.#status.records -= records.length;
      this.#status.bytes -= bytes;
      this.#status.refusedTotal += records.length;
      throw error;
    }
  }

  async #forward(records: readonly { key: string; value: Buffer; timestamp: number }[]): Promise<void> {
    await this.#primary.publish(records.map((r) => ({ key: r.key, value: r.value, timestamp: r.timestamp })));
    const bytes = recordBytes(records);
    this.#status.records -= records.length;
    this.#status.bytes = Math.max(0, this.#status.bytes - bytes);
    if (this.#status.records <= 0) this.#status.bytes = 0;
    this.#status.forwardedTotal += records.length;
    this.#status.lastForwardedAt = Date.now();
    this.#status.lastError = undefined;
    if (this.#status.records === 0) this.#logger.info({ forwarded: this.#status.forwardedTotal }, 'event log: the spill is forwarded to Kafka');
  }

  subscribe(options: SubscribeOptions): Promise<Subscription> {
    return this.#primary.subscribe(options);
  }

  positions(group: string): Promise<PartitionPosition[]> {
    return this.#primary.positions(group);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // The spill stops first: what it still holds is forwarded by the next start.
      await this.#forwarder?.stop();
      await this.#spill.close();
      await this.#primary.close();
    })();
    return this.#closing;
  }
}

export function openSpillingLog(options: SpillingLogOptions): Promise<SpillingEventLog> {
  return SpillingEventLog.open(options);
}

/** The spill of a log, when it has one (Kafka with a spill folder configured). */
export function spillStatusOf(log: EventLog | undefined): SpillStatus | undefined {
  return log instanceof SpillingEventLog ? log.spillStatus : undefined;
}
