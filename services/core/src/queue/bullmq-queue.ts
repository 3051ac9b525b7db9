// The BullMQ job queue on Redis: one BullMQ queue and one Worker per job name, so every name keeps its
// own concurrency; job ids are ours (UUIDv7 or the caller's jobId), so `get` needs no name.
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import {
  JOB_STATUSES,
  type JobContext,
  type JobCount,
  type JobInfo,
  type JobOptions,
  type JobProcessor,
  type JobQueue,
  type JobStatus,
} from './job-queue';
import { checkName, checkOptions } from './job-options';
import { createLogger, type Logger } from '../logger';
import { queueErrors, type QueueErrors } from './queue-errors';

export interface BullmqQueueOptions {
  redisUrl: string;
  /** Prefix of every Redis key; tests take their own to stay apart. */
  prefix?: string;
  /** How long finished jobs stay readable by `get`, which is also how long a `jobId` deduplicates. */
  keepCompletedSeconds?: number;
  keepFailedSeconds?: number;
  /** Where failures of the queue itself (not of jobs) are logged, once per outage; jobs record their own errors. */
  logger?: Logger;
  /** Instead of the logger: every failure of the queue itself (tests). */
  onError?: (error: unknown) => void;
}

interface Registration {
  processor: JobProcessor<unknown, unknown>;
  concurrency: number;
}

const DAY_SECONDS = 24 * 60 * 60;

/** BullMQ refuses custom ids that parse as integers or hold ':'. This reversible mapping leaves ordinary
 *  ids (UUIDs, slugs) untouched, so the ids callers pass and read back are theirs. */
export function toBullmqId(id: string): string {
  const escaped = id.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
  return `${parseInt(escaped, 10)}` === escaped ? `%i${escaped}` : escaped;
}

export function fromBullmqId(id: string): string {
  return id.replace(/^%i/, '').replace(/%(25|3A)/g, (_, code: string) => (code === '25' ? '%' : ':'));
}

function toStatus(state: string): JobStatus {
  switch (state) {
    case 'completed':
    case 'failed':
    case 'delayed':
    case 'active':
      return state;
    default:
      // 'waiting', 'prioritized', 'waiting-children' and the odd transient 'unknown' all mean "not yet run".
      return 'waiting';
  }
}

export class BullmqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly prefix: string;
  private readonly namesKey: string;
  /** Producers fail fast when Redis is away: an HTTP request that enqueues must not hang. */
  private readonly producer: Redis;
  /** Workers wait for Redis instead (BullMQ requires maxRetriesPerRequest: null on their connection). */
  private consumer: Redis | undefined;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly registrations = new Map<string, Registration>();
  private readonly notedNames = new Set<string>();
  private readonly errors: QueueErrors;
  private readonly onError: (error: unknown) => void;
  private started = false;
  private closed = false;
  private lastConnectionError: Error | undefined;

  /** Use `BullmqJobQueue.open`, which also checks that Redis answers. */
  private constructor(private readonly options: BullmqQueueOptions) {
    this.prefix = options.prefix ?? 'tracker';
    if (this.prefix.includes(':')) throw new Error('the BullMQ prefix must not contain ":"');
    this.namesKey = `${this.prefix}:job-names`;
    this.errors = queueErrors(options.logger ?? createLogger('info', 'job-queue'), options.onError);
    this.onError = (error) => this.errors.report(error);
    this.producer = new Redis(options.redisUrl);
    // ioredis reconnects on its own; 'ready' after an outage is the recovery.
    this.producer.on('ready', () => this.errors.recovered());
    this.producer.on('error', (error: Error) => {
      this.lastConnectionError = error;
      this.onError(error);
    });
  }

  /** Opens a queue once Redis answers, so a wrong REDIS_URL stops start-up instead of the first enqueue. */
  static async open(options: BullmqQueueOptions): Promise<BullmqJobQueue> {
    const queue = new BullmqJobQueue(options);
    try {
      await queue.producer.ping();
    } catch (error) {
      await queue.close();
      const reason = queue.lastConnectionError ?? (error as Error);
      throw new Error(`Redis at REDIS_URL does not answer: ${reason.message}`, { cause: error });
    }
    return queue;
  }

  register<T, R>(name: string, processor: JobProcessor<T, R>, options: { concurrency?: number } = {}): void {
    checkName(name);
    if (this.registrations.has(name)) throw new Error(`job "${name}" is already registered`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`job "${name}": concurrency must be a positive integer`);
    }
    this.registrations.set(name, { processor: processor as JobProcessor<unknown, unknown>, concurrency });
    if (this.started) this.startWorker(name);
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    checkName(name);
    const { attempts, backoffMs, delayMs } = checkOptions(options);
    const id = options.jobId ?? uuidv7();
    const bullId = toBullmqId(id);
    await this.noteName(name);
    // BullMQ deduplicates ids within one queue; an id already taken by another job name is ours to catch.
    if (options.jobId !== undefined) {
      const others = (await this.knownNames()).filter((n) => n !== name);
      if (await this.locate(bullId, others)) return id;
    }
    await this.queue(name).add(name, data, {
      jobId: bullId,
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
      delay: delayMs,
    });
    return id;
  }

  async get(id: string): Promise<JobInfo | null> {
    const bullId = toBullmqId(id);
    const name = await this.locate(bullId, await this.knownNames());
    if (!name) return null;
    const queue = this.queue(name);
    // State before fields: BullMQ moves a job and writes its fields in one script, so fields read after
    // the state are at least as new. A job that finished in between is asked for its state once more.
    let state = await queue.getJobState(bullId);
    const job = await queue.getJob(bullId);
    if (!job) return null;
    if (job.finishedOn && state !== 'completed' && state !== 'failed') state = await queue.getJobState(bullId);
    return {
      id,
      name: job.name,
      status: toStatus(state),
      data: job.data,
      // BullMQ reads an unset progress as 0; the interface says null.
      progress: job.progress === 0 ? null : (job.progress as JobInfo['progress']),
      result: job.returnvalue ?? null,
      error: job.failedReason || null,
      attemptsMade: job.attemptsMade,
      createdAt: job.timestamp,
      finishedAt: job.finishedOn ?? null,
    };
  }

  async counts(): Promise<JobCount[]> {
    const counts: JobCount[] = [];
    for (const name of (await this.knownNames()).sort()) {
      const byState = await this.queue(name).getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed');
      for (const status of JOB_STATUSES) counts.push({ name, status, count: byState[status] ?? 0 });
    }
    return counts;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const name of this.registrations.keys()) this.startWorker(name);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Worker.close waits for the jobs it runs; queues and connections go after them.
    await Promise.all([...this.workers.values()].map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    // QUIT waits for pending replies; on a connection that is down it would wait for ever.
    for (const connection of [this.producer, this.consumer]) {
      if (connection?.status === 'ready') await connection.quit().catch(() => connection.disconnect());
      else connection?.disconnect();
    }
  }

  private startWorker(name: string): void {
    const registration = this.registrations.get(name)!;
    if (!this.consumer) {
      this.consumer = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
      this.consumer.on('error', this.onError);
    }
    void this.noteName(name).catch(this.onError);
    const worker = new Worker(name, (job: Job) => this.process(registration, job), {
      connection: this.consumer,
      prefix: this.prefix,
      concurrency: registration.concurrency,
    });
    worker.on('error', this.onError);
    this.workers.set(name, worker);
  }

  private async process(registration: Registration, job: Job): Promise<unknown> {
    const context: JobContext<unknown> = {
      id: fromBullmqId(job.id!),
      name: job.name,
      data: job.data,
      attempt: job.attemptsMade + 1,
      updateProgress: (progress) => job.updateProgress(progress),
    };
    try {
      return await registration.processor(context);
    } catch (error) {
      // BullMQ records `error.message`; a thrown string would otherwise leave no reason behind.
      throw error instanceof Error ? error : new Error(String(error));
    }
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.producer,
        prefix: this.prefix,
        defaultJobOptions: {
          removeOnComplete: { age: this.options.keepCompletedSeconds ?? 7 * DAY_SECONDS },
          removeOnFail: { age: this.options.keepFailedSeconds ?? 30 * DAY_SECONDS },
        },
      });
      queue.on('error', this.onError);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Every job name ever used under this prefix, by any process: `get` looks in each of their queues. */
  private async noteName(name: string): Promise<void> {
    if (this.notedNames.has(name)) return;
    await this.producer.sadd(this.namesKey, name);
    this.notedNames.add(name);
  }

  private async knownNames(): Promise<string[]> {
    const names = new Set(await this.producer.smembers(this.namesKey));
    for (const name of this.notedNames) names.add(name);
    return [...names];
  }

  /** The job name whose queue holds `bullId`, if any. */
  private async locate(bullId: string, names: string[]): Promise<string | undefined> {
    if (names.length === 0) return undefined;
    const pipeline = this.producer.pipeline();
    for (const name of names) pipeline.exists(this.queue(name).toKey(bullId));
    const replies = (await pipeline.exec()) ?? [];
    for (const [i, [error, found]] of replies.entries()) {
      if (error) throw error;
      if (found === 1) return names[i];
    }
    return undefined;
  }
}
