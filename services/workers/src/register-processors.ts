// Every job processor the workers capability runs, registered on the queue before it starts.
import type { JobQueue } from '@tracker/core';
import { INVOICE_PDF_JOB, PIXEL_EVENT_JOB, TIKTOK_SPEND_SYNC_JOB } from '@tracker/schemas';
import { makeInvoicePdf } from './invoice-pdf/make-invoice-pdf';
import { sendPixelEvent, type PixelEventDeps } from './send-pixel-event';
import { syncTiktokSpend, type SpendSyncDeps } from './tiktok-spend/sync-tiktok-spend';

export type WorkerDeps = PixelEventDeps & SpendSyncDeps;

export function registerProcessors(queue: JobQueue, deps: WorkerDeps): void {
  // TikTok allows 1,000 events/s per app; a few at a time is plenty and keeps retries gentle.
  queue.register(PIXEL_EVENT_JOB, sendPixelEvent(deps), { concurrency: 4 });
  // One sync at a time: reporting allows 10 QPS per app, and two runs would race on the same days.
  queue.register(TIKTOK_SPEND_SYNC_JOB, syncTiktokSpend(deps), { concurrency: 1 });
  // Rendering is CPU work on this process's event loop: two at a time keeps requests answered meanwhile.
  queue.register(INVOICE_PDF_JOB, makeInvoicePdf(deps), { concurrency: 2 });
}
