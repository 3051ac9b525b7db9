// The repeatable alert checks: one job per interval (scheduleSlotJobs), however many workers tick.
import type { JobQueue, Logger } from '@tracker/core';
import { ALERT_CHECK_JOB } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

export function scheduleAlertChecks(queue: JobQueue, options: { everyMinutes: number; logger: Logger }): () => void {
  const everyMs = options.everyMinutes * 60_000;
  return scheduleSlotJobs(queue, {
    name: ALERT_CHECK_JOB,
    everyMs,
    tickMs: Math.min(everyMs, 60_000),
    data: () => ({}),
    // A run that fails is not repeated: the next slot checks again, and sends what is still pending.
    options: { attempts: 1 },
    logger: options.logger,
  });
}
