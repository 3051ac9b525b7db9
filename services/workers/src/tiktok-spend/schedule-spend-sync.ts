// The repeatable spend sync: every few minutes one job for all accounts (scheduleSlotJobs).
import type { JobQueue, Logger } from '@tracker/core';
import { TIKTOK_SPEND_SYNC_JOB, type SpendSyncJob } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

/** Starts ticking (the first tick at once); answers a function that stops it. */
export function scheduleSpendSync(queue: JobQueue, options: { everyMinutes: number; logger: Logger; now?: () => number }): () => void {
  const everyMs = options.everyMinutes * 60_000;
  return scheduleSlotJobs<SpendSyncJob>(queue, {
    name: TIKTOK_SPEND_SYNC_JOB,
    everyMs,
    tickMs: Math.min(everyMs, 60_000),
    data: () => ({}),
    options: { attempts: 1 },
    logger: options.logger,
    now: options.now,
  });
}
