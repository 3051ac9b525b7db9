// Every job processor the workers capability runs, registered on the queue before it starts.
import type { JobQueue } from '@tracker/core';
import { CAKE_SYNC_JOB, PIXEL_EVENT_JOB } from '@tracker/schemas';
import { runCakeSync } from './cake/sync-cake';
import { sendPixelEvent, type PixelEventDeps } from './send-pixel-event';

export type WorkerDeps = PixelEventDeps;

export function registerProcessors(queue: JobQueue, deps: WorkerDeps): void {
  // TikTok allows 1,000 events/s per app; a few at a time is plenty and keeps retries gentle.
  queue.register(PIXEL_EVENT_JOB, sendPixelEvent(deps), { concurrency: 4 });
  // One CAKE sync at a time: two would pull and upsert the same days.
  queue.register(CAKE_SYNC_JOB, runCakeSync(deps), { concurrency: 1 });
}
