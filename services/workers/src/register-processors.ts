// Every job processor the workers capability runs, registered on the queue before it starts.
import type { JobQueue } from '@tracker/core';
import { PIXEL_EVENT_JOB, STATEMENT_IMPORT_JOB } from '@tracker/schemas';
import { sendPixelEvent, type PixelEventDeps } from './send-pixel-event';
import { importStatement } from './statement-import/import-statement';

export type WorkerDeps = PixelEventDeps;

export function registerProcessors(queue: JobQueue, deps: WorkerDeps): void {
  // TikTok allows 1,000 events/s per app; a few at a time is plenty and keeps retries gentle.
  queue.register(PIXEL_EVENT_JOB, sendPixelEvent(deps), { concurrency: 4 });
  // One statement at a time: each holds one database transaction for its whole file.
  queue.register(STATEMENT_IMPORT_JOB, importStatement(deps), { concurrency: 1 });
}
