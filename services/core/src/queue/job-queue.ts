// Background jobs: named processors, retries with exponential backoff, progress and results by id.
// Two implementations: BullMQ on Redis (`REDIS_URL`) and an in-process queue recorded in the entity DB.

export const JOB_STATUSES = ['waiting', 'delayed', 'active', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobOptions {
  /** Total tries including the first. Default 3. */
  attempts?: number;
  /** First retry delay; doubles on each further retry. Default 1000 ms. */
  backoffMs?: number;
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /** Idempotency: enqueuing an id that exists returns it without adding a second job. */
  jobId?: string;
}

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
  updateProgress(progress: number | Record<string, unknown>): Promise<void>;
}

export type JobProcessor<T = unknown, R = unknown> = (job: JobContext<T>) => Promise<R>;

export interface JobInfo {
  id: string;
  name: string;
  status: JobStatus;
  data: unknown;
  progress: number | Record<string, unknown> | null;
  result: unknown;
  /** The last failure's message. */
  error: string | null;
  attemptsMade: number;
  createdAt: number;
  finishedAt: number | null;
}

/** How many jobs of one name are in one state (metrics, ops). */
export interface JobCount {
  name: string;
  status: JobStatus;
  count: number;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  /** Registers the processor of a job name; call before `start`. */
  register<T, R>(name: string, processor: JobProcessor<T, R>, options?: { concurrency?: number }): void;
  /** Records the job durably and returns its id; any process may enqueue, only started ones process. */
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<string>;
  get(id: string): Promise<JobInfo | null>;
  /** Jobs by name and state, for every name any process used; states without jobs count 0. Also a
   *  readiness probe: it reads the queue's store. */
  counts(): Promise<JobCount[]>;
  /** Starts processing registered names (the workers capability). */
  start(): Promise<void>;
  /** Stops taking jobs, waits for running ones, releases connections. */
  close(): Promise<void>;
}
