// Every job processor the workers capability runs, registered on the queue before it starts.
import type { JobQueue } from '@tracker/core';
import { PIXEL_EVENT_JOB } from '@tracker/schemas';
import { registerCodesJobs, type CodesJobDeps } from './codes/register-codes-jobs';
import { sendPixelEvent, type PixelEventDeps } from './send-pixel-event';

export type WorkerDeps = PixelEventDeps & CodesJobDeps;

/** Registers every processor; `startSchedules` starts the repeatable jobs once the queue has started, and
 *  answers the function that stops what it started. */
export function registerProcessors(queue: JobQueue, deps: WorkerDeps): { startSchedules: () => Promise<() => Promise<void>> } {
  // TikTok allows 1,000 events/s per app; a few at a time is plenty and keeps retries gentle.
  queue.register(PIXEL_EVENT_JOB, sendPixelEvent(deps), { concurrency: 4 });
  const startCodes = registerCodesJobs(queue, deps);
  return { startSchedules: startCodes };
}
