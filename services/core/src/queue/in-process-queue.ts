// The in-process job queue: jobs are rows of the entity database's `jobs` table, so a restart loses none,
// and any number of processes sharing one PostgreSQL claim due rows atomically (FOR UPDATE SKIP LOCKED).
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/entities';
import { jobs } from '../db/schema';
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

export interface InProcessQueueOptions {
  /** Idle poll period: how soon jobs enqueued by other processes (or coming due) are seen. */
  pollMs?: number;
  /** An active job whose row nobody touched for this long belongs to a process that died. */
  stalledAfterMs?: number;
  /** No other process uses this database, so every active row at start-up is an orphan.
   *  Defaults to true on PGlite (one process per data folder, DESIGN.md §2), false on PostgreSQL. */
  exclusive?: boolean;
  /** Where failures of the queue itself (not of jobs) are logged, once per outage; jobs record their own errors. */
  logger?: Logger;
  /** Instead of the logger: every failure of the queue itself (tests). */
  onError?: (error: unknown) => void;
  /** Finished jobs are deleted this long after they finished, as BullMQ's removeOnComplete/removeOnFail
   *  do: 7 days for completed ones, 30 for failed ones (repeatable jobs add a row every few seconds). */
  keepCompletedMs?: number;
  keepFailedMs?: number;
}

type JobRow = typeof jobs.$inferSelect;
type Claimed = Pick<JobRow, 'id' | 'name' | 'data' | 'attemptsMade' | 'maxAttempts' | 'backoffMs'>;

interface Registration {
  processor: JobProcessor<unknown, unknown>;
  concurrency: number;
  running: number;
}

const PENDING: JobStatus[] = ['waiting', 'delayed'];
const DAY_MS = 24 * 60 * 60_000;
/** How often finished rows past their keep time are deleted. */
const PRUNE_EVERY_MS = 10 * 60_000;
/** Local wake-ups are only a latency nicety; the poll finds later jobs anyway. */
const MAX_LOCAL_WAKE_MS = 60_000;
const INTERRUPTED = 'interrupted: the process running this job stopped';

/** Started, not yet closed instances per database object: their running jobs are not orphans. */
const liveInstances = new WeakMap<object, Set<InProcessJobQueue>>();

const afterMs = (ms: number) => sql`now() + ${ms}::double precision * interval '1 millisecond'`;
const toJson = (value: unknown): string | null => JSON.stringify(value) ?? null;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly registrations = new Map<string, Registration>();
  /** Jobs this instance runs, by id, with the attempt that fences their writes. */
  private readonly runningJobs = new Map<string, number>();
  private readonly runs = new Set<Promise<void>>();
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  private readonly pollMs: number;
  private readonly stalledAfterMs: number;
  private readonly exclusive: boolean;
  private readonly errors: QueueErrors;
  private readonly onError: (error: unknown) => void;
  private started = false;
  private closing = false;
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private upkeepTimers: NodeJS.Timeout[] = [];
  private readonly keepCompletedMs: number;
  private readonly keepFailedMs: number;

  constructor(
    private readonly db: Db,
    options: InProcessQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 200;
    this.stalledAfterMs = options.stalledAfterMs ?? 30_000;
    this.exclusive = options.exclusive ?? (db as { $client?: unknown }).$client instanceof PGlite;
    this.errors = queueErrors(options.logger ?? createLogger('info', 'job-queue'), options.onError);
    this.onError = (error) => this.errors.report(error);
    this.keepCompletedMs = options.keepCompletedMs ?? 7 * DAY_MS;
    this.keepFailedMs = options.keepFailedMs ?? 30 * DAY_MS;
  }

  /** Deletes finished jobs past their keep time; answers how many. The workers run it every 10 minutes. */
  async pruneFinished(): Promise<number> {
    const deleted = await this.db
      .delete(jobs)
      .where(
        or(
          and(eq(jobs.status, 'completed'), lt(jobs.finishedAt, sql`now() - ${this.keepCompletedMs}::double precision * interval '1 millisecond'`)),
          and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, sql`now() - ${this.keepFailedMs}::double precision * interval '1 millisecond'`)),
        ),
      )
      .returning({ id: jobs.id });
    return deleted.length;
  }

  register<T, R>(name: string, processor: JobProcessor<T, R>, options: { concurrency?: number } = {}): void {
    checkName(name);
    if (this.registrations.has(name)) throw new Error(`job "${name}" is already registered`);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`job "${name}": concurrency must be a positive integer`);
    }
    this.registrations.set(name, {
      processor: processor as JobProcessor<unknown, unknown>,
      concurrency,
      running: 0,
    });
    this.wake();
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<string> {
    checkName(name);
    const { attempts, backoffMs, delayMs } = checkOptions(options);
    const id = options.jobId ?? uuidv7();
    await this.db
      .insert(jobs)
      .values({
        id,
        name,
        data: sql`${toJson(data)}::jsonb`,
        status: delayMs > 0 ? 'delayed' : 'waiting',
        maxAttempts: attempts,
        backoffMs,
        runAt: afterMs(delayMs),
      })
      .onConflictDoNothing({ target: jobs.id });
    if (this.registrations.has(name)) this.wakeAfter(delayMs);
    return id;
  }

  async counts(): Promise<JobCount[]> {
    const rows = await this.db
      .select({ name: jobs.name, status: jobs.status, count: sql<number>`count(*)::int` })
      .from(jobs)
      .groupBy(jobs.name, jobs.status);
    const names = [...new Set([...rows.map((r) => r.name), ...this.registrations.keys()])].sort();
    const found = new Map(rows.map((r) => [`${r.name}\u0000${r.status}`, r.count]));
    return names.flatMap((name) =>
      JOB_STATUSES.map((status) => ({ name, status, count: found.get(`${name}\u0000${status}`) ?? 0 })),
    );
  }

  async get(id: string): Promise<JobInfo | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      data: row.data,
      progress: (row.progress ?? null) as JobInfo['progress'],
      result: row.result ?? null,
      error: row.error,
      // The row counts the running try (it fences writes); callers see finished tries, as in BullMQ.
      attemptsMade: row.status === 'active' ? row.attemptsMade - 1 : row.attemptsMade,
      createdAt: row.createdAt.getTime(),
      finishedAt: row.finishedAt?.getTime() ?? null,
    };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const live = liveInstances.get(this.db) ?? new Set();
    liveInstances.set(this.db, live);
    const alone = live.size === 0;
    live.add(this);
    // Exclusive and the first instance here: every active row is an orphan of a previous process.
    // Otherwise only rows whose owner stopped heartbeating are.
    await this.recoverStalled(!(this.exclusive && alone));
    // Later, a row is an orphan once it is stale and no instance here runs it: its try's final write
    // failed, or (shared) its process died. Only a shared database needs heartbeats for other processes.
    this.upkeepTimers.push(
      setInterval(() => this.recoverStalled(true).catch(this.onError), Math.max(50, this.stalledAfterMs / 2)),
    );
    this.upkeepTimers.push(setInterval(() => this.pruneFinished().catch(this.onError), PRUNE_EVERY_MS));
    if (!this.exclusive) {
      this.upkeepTimers.push(
        setInterval(() => this.heartbeat().catch(this.onError), Math.max(50, this.stalledAfterMs / 3)),
      );
    }
    this.wake();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.pollTimer);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    for (const timer of this.upkeepTimers) clearInterval(timer);
    this.wakeTimers.clear();
    this.upkeepTimers = [];
    // A claim in flight still hands its rows to `run`, so wait for it before waiting for the runs.
    await this.ticking;
    while (this.runs.size > 0) await Promise.allSettled([...this.runs]);
    liveInstances.get(this.db)?.delete(this);
  }

  /** Runs a claim round now, or right after the one in flight. */
  private wake(): void {
    if (!this.started || this.closing) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    clearTimeout(this.pollTimer);
    this.ticking = this.claimDue()
      .then(() => this.errors.recovered(), this.onError)
      .finally(() => {
        this.ticking = undefined;
        if (this.tickAgain) {
          this.tickAgain = false;
          this.wake();
        } else if (!this.closing) {
          this.pollTimer = setTimeout(() => this.wake(), this.pollMs);
        }
      });
  }

  private wakeAfter(ms: number): void {
    if (ms <= 0) return this.wake();
    if (!this.started || this.closing || ms > MAX_LOCAL_WAKE_MS) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wake();
    }, ms);
    this.wakeTimers.add(timer);
  }

  private async claimDue(): Promise<void> {
    const free = [...this.registrations].filter(([, r]) => r.running < r.concurrency);
    if (free.length === 0) return;
    // One cheap probe per idle poll instead of one claim per registered name.
    const [due] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.status, PENDING),
          lte(jobs.runAt, sql`now()`),
          inArray(
            jobs.name,
            free.map(([name]) => name),
          ),
        ),
      )
      .limit(1);
    if (!due) return;
    for (const [name, registration] of free) {
      if (this.closing) return;
      const claimed = await this.claim(name, registration.concurrency - registration.running);
      for (const row of claimed) this.run(registration, row);
    }
  }

  /** Marks up to `limit` due jobs of `name` active for this instance; rows another claimer holds are skipped. */
  private claim(name: string, limit: number): Promise<Claimed[]> {
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, name), inArray(jobs.status, PENDING), lte(jobs.runAt, sql`now()`)))
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({ status: 'active', attemptsMade: sql`${jobs.attemptsMade} + 1`, updatedAt: sql`now()` })
      .where(and(inArray(jobs.id, due), inArray(jobs.status, PENDING)))
      .returning({
        id: jobs.id,
        name: jobs.name,
        data: jobs.data,
        attemptsMade: jobs.attemptsMade,
        maxAttempts: jobs.maxAttempts,
        backoffMs: jobs.backoffMs,
      });
  }

  private run(registration: Registration, row: Claimed): void {
    registration.running += 1;
    this.runningJobs.set(row.id, row.attemptsMade);
    const done: Promise<void> = this.execute(registration, row)
      .catch(this.onError)
      .finally(() => {
        registration.running -= 1;
        this.runningJobs.delete(row.id);
        this.runs.delete(done);
        this.wake();
      });
    this.runs.add(done);
  }

  private async execute(registration: Registration, row: Claimed): Promise<void> {
    const attempt = row.attemptsMade;
    // Writes only land while this try still owns the row: a stalled try that was recovered and re-claimed
    // elsewhere has a different attempt number and changes nothing.
    const owned = and(eq(jobs.id, row.id), eq(jobs.status, 'active'), eq(jobs.attemptsMade, attempt));
    const context: JobContext<unknown> = {
      id: row.id,
      name: row.name,
      data: row.data,
      attempt,
      updateProgress: async (progress) => {
        await this.db
          .update(jobs)
          .set({ progress: sql`${toJson(progress)}::jsonb`, updatedAt: sql`now()` })
          .where(owned);
      },
    };
    let result: string | null;
    try {
      // Serialised inside the try: a result that is not JSON fails the try like a throw would.
      result = toJson(await registration.processor(context));
    } catch (error) {
      const message = messageOf(error);
      if (attempt >= row.maxAttempts) {
        await this.db
          .update(jobs)
          .set({ status: 'failed', error: message, finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(owned);
        return;
      }
      const delay = row.backoffMs * 2 ** (attempt - 1);
      await this.db
        .update(jobs)
        .set({ status: delay > 0 ? 'delayed' : 'waiting', error: message, runAt: afterMs(delay), updatedAt: sql`now()` })
        .where(owned);
      this.wakeAfter(delay);
      return;
    }
    await this.db
      .update(jobs)
      .set({ status: 'completed', result: sql`${result}::jsonb`, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(owned);
  }

  /** Keeps the rows of running jobs fresh so other processes do not take them for stalled. */
  private async heartbeat(): Promise<void> {
    if (this.runningJobs.size === 0) return;
    await this.db
      .update(jobs)
      .set({ updatedAt: sql`now()` })
      .where(and(inArray(jobs.id, [...this.runningJobs.keys()]), eq(jobs.status, 'active')));
  }

  /** Puts active jobs of a dead process back to waiting; a try that was the last one allowed fails. */
  private async recoverStalled(staleOnly: boolean): Promise<void> {
    const runningHere = [...(liveInstances.get(this.db) ?? [])].flatMap((q) => [...q.runningJobs.keys()]);
    const exhausted = sql`${jobs.attemptsMade} >= ${jobs.maxAttempts}`;
    await this.db
      .update(jobs)
      .set({
        status: sql`case when ${exhausted} then 'failed' else 'waiting' end`,
        error: sql`case when ${exhausted} then ${INTERRUPTED} else ${jobs.error} end`,
        finishedAt: sql`case when ${exhausted} then now() else null end`,
        runAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobs.status, 'active'),
          notInArray(jobs.id, runningHere),
          staleOnly ? lt(jobs.updatedAt, afterMs(-this.stalledAfterMs)) : undefined,
        ),
      );
  }
}
