// Repeatable jobs by time slot: a timer enqueues one job per interval, its id naming the slot, so several
// worker processes ticking at once (or a restarted one) enqueue each slot's job once between them.
import type { JobOptions, JobQueue, Logger } from '@tracker/core';

export interface SlotSchedule<T> {
  name: string;
  everyMs: number;
  /** How often to look; shorter than the interval keeps a restarted process from skipping a slot. */
  tickMs?: number;
  /** The slot's job data, or undefined to enqueue nothing this time (e.g. not configured yet). */
  data: (now: number) => Promise<T | undefined> | T | undefined;
  options?: Omit<JobOptions, 'jobId'>;
  logger: Logger;
  now?: () => number;
}

/** Starts ticking (the first tick at once); answers a function that stops it. 0 or less: never. */
export function scheduleSlotJobs<T>(queue: JobQueue, schedule: SlotSchedule<T>): () => void {
  if (schedule.everyMs <= 0) return () => {};
  const now = schedule.now ?? Date.now;
  const tick = async () => {
    try {
      const at = now();
      const data = await schedule.data(at);
      if (data === undefined) return;
      const slot = Math.floor(at / schedule.everyMs);
      await queue.enqueue<T>(schedule.name, data, { ...schedule.options, jobId: `${schedule.name}-${schedule.everyMs}-${slot}` });
    } catch (error) {
      schedule.logger.error({ err: error, job: schedule.name }, 'could not schedule a repeatable job');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), schedule.tickMs ?? schedule.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
