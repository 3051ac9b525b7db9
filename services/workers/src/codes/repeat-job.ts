// Repeatable jobs on the JobQueue interface, which has no scheduler of its own: each run of a job
// enqueues the next one, one job id per time slot, so a restart, a retry or a second worker process
// adds no second copy of a slot, and the chain survives a run that fails.
import type { JobProcessor, JobQueue } from '@tracker/core';

const slotId = (name: string, everyMs: number, slot: number) => `${name}-${everyMs}-${slot}`;

async function enqueueSlot(queue: JobQueue, name: string, everyMs: number, slot: number): Promise<void> {
  await queue.enqueue(name, { slot }, { jobId: slotId(name, everyMs, slot), delayMs: Math.max(0, slot * everyMs - Date.now()), attempts: 2 });
}

/** Wraps a processor so that every run schedules the next slot, whatever its outcome. */
export function repeating<R>(queue: JobQueue, name: string, everyMs: number, processor: JobProcessor<unknown, R>): JobProcessor<unknown, R> {
  return async (job) => {
    try {
      return await processor(job);
    } finally {
      await enqueueSlot(queue, name, everyMs, Math.floor(Date.now() / everyMs) + 1);
    }
  };
}

/** Starts the chain (idempotently): the current slot, due now. */
export async function startRepeating(queue: JobQueue, name: string, everyMs: number): Promise<void> {
  await enqueueSlot(queue, name, everyMs, Math.floor(Date.now() / everyMs));
}
