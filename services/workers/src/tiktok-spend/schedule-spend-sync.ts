// The repeatable spend sync: every few minutes one job for all accounts. Each interval's job has an id
// derived from the interval, so several worker processes ticking at once still enqueue it only once.
import type { JobQueue, Logger } from '@tracker/core';
import { TIKTOK_SPEND_SYNC_JOB, type SpendSyncJob } from '@tracker/schemas';

/** Starts ticking (the first tick at once); answers a function that stops it. */
export function scheduleSpendSync(queue: JobQueue, options: { everyMinutes: number; logger: Logger; now?: () => number }): () => void {
  if (options.everyMinutes <= 0) return () => {};
  const intervalMs = options.everyMinutes * 60_000;
  const now = options.now ?? Date.now;
  const tick = () => {
    const slot = Math.floor(now() / intervalMs);
    queue
      .enqueue<SpendSyncJob>(TIKTOK_SPEND_SYNC_JOB, {}, { jobId: `${TIKTOK_SPEND_SYNC_JOB}-${intervalMs}-${slot}`, attempts: 1 })
      .catch((error: unknown) => options.logger.error({ err: error }, 'could not schedule the TikTok spend sync'));
  };
  tick();
  // Ticking more often than the interval keeps a restarted process from skipping a slot.
  const timer = setInterval(tick, Math.min(intervalMs, 60_000));
  timer.unref();
  return () => clearInterval(timer);
}
