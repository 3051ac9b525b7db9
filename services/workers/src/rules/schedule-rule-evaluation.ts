// The repeatable rules job: one evaluation of every enabled rule per RULE_EVALUATION_MINUTES slot
// (scheduleSlotJobs), however many workers tick.
import type { JobQueue, Logger } from '@tracker/core';
import { RULE_EVALUATION_JOB, RULE_EVALUATION_MINUTES } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

export function scheduleRuleEvaluation(queue: JobQueue, options: { logger: Logger; everyMinutes?: number; now?: () => number }): () => void {
  const everyMs = (options.everyMinutes ?? RULE_EVALUATION_MINUTES) * 60_000;
  return scheduleSlotJobs(queue, {
    name: RULE_EVALUATION_JOB,
    everyMs,
    tickMs: Math.min(everyMs, 60_000),
    data: () => ({}),
    // Not retried as a whole: a throttled action is retried by the next slot, which judges the numbers again.
    options: { attempts: 1 },
    logger: options.logger,
    now: options.now,
  });
}
