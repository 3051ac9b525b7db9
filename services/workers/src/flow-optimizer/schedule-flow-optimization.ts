// The repeatable auto-optimiser: every 15 minutes one job for all campaigns (scheduleSlotJobs), so several worker
// processes, or a restarted one, run each slot once.
import type { JobQueue, Logger } from '@tracker/core';
import { FLOW_OPTIMIZE_JOB } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

/** Often enough to follow a day's traffic, rarely enough that each run sees new visits on a path's arms. */
const FLOW_OPTIMIZE_EVERY_MS = 15 * 60_000;

/** Starts ticking (the first tick at once); answers a function that stops it. */
export function scheduleFlowOptimization(queue: JobQueue, logger: Logger): () => void {
  return scheduleSlotJobs(queue, {
    name: FLOW_OPTIMIZE_JOB,
    everyMs: FLOW_OPTIMIZE_EVERY_MS,
    // A restarted process looks again within the minute, so it does not wait a whole slot.
    tickMs: 60_000,
    data: () => ({}),
    // The next slot is the retry: a run weighs fresh figures, and a failed one is on the queue for admins to see.
    options: { attempts: 1 },
    logger,
  });
}
