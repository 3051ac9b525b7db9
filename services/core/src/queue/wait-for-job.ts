// A request that needs a job's result (an invoice PDF, an import's counts) enqueues it and waits here,
// with a timeout (DESIGN.md §5): the job runs on whichever worker process takes it.
import { HttpError } from '../http/http-error';
import type { JobQueue } from './job-queue';

export interface WaitForJobOptions {
  /** Give up after this long: a 503 the caller may retry (the job may still finish). Default 60 s. */
  timeoutMs?: number;
  /** How often the job's state is read. Default 100 ms. */
  pollMs?: number;
  /** The answer to a job that failed (default a 500 naming its error). */
  failed?: (error: string) => HttpError;
  /** The answer once the wait is over (default a 503). */
  timedOut?: () => HttpError;
}

/** The job's result once it completed; a failed job (all retries spent) is a 500 naming its error. */
export async function waitForJob<R>(queue: JobQueue, id: string, options: WaitForJobOptions = {}): Promise<R> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const pollMs = options.pollMs ?? 100;
  for (;;) {
    const job = await queue.get(id);
    if (!job) throw new HttpError(500, `Job ${id} disappeared before it finished`);
    if (job.status === 'completed') return job.result as R;
    if (job.status === 'failed') {
      throw options.failed?.(job.error ?? 'unknown error') ?? new HttpError(500, `${job.name} failed: ${job.error ?? 'unknown error'}`);
    }
    if (Date.now() >= deadline) {
      throw options.timedOut?.() ?? new HttpError(503, `${job.name} is taking too long; try again in a moment`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
