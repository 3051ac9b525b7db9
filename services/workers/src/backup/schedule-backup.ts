// BACKUP_SCHEDULE=daily: one backup job per UTC day (scheduleSlotJobs), so a restarted process does not back up
// twice in a day; it looks every 10 minutes, so a process started mid-day still backs up that day.
import type { JobQueue, Logger } from '@tracker/core';
import { BACKUP_JOB } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

const DAY_MS = 24 * 3600_000;

export function scheduleBackup(queue: JobQueue, logger: Logger): () => void {
  return scheduleSlotJobs(queue, {
    name: BACKUP_JOB,
    everyMs: DAY_MS,
    tickMs: 10 * 60_000,
    data: () => ({}),
    // A failed backup is on the queue for admins to see (and on the status page); tomorrow's slot tries again.
    options: { attempts: 2, backoffMs: 60_000 },
    logger,
  });
}
