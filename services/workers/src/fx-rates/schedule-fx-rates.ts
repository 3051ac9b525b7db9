// The repeatable reference rates fetch: at start-up (the first tick) and then every interval, one job
// (scheduleSlotJobs), unless today's rates are stored already: the ECB publishes once per working day.
import { latestEcbDay, type Db, type JobQueue, type Logger } from '@tracker/core';
import { FX_RATES_JOB } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

export function scheduleFxRates(queue: JobQueue, deps: { db: Db; logger: Logger; everyMs: number; now?: () => number }): () => void {
  return scheduleSlotJobs(queue, {
    name: FX_RATES_JOB,
    everyMs: deps.everyMs,
    // Every 10 minutes: a restarted process without rates fetches them within minutes, not at the next slot.
    tickMs: Math.min(deps.everyMs, 600_000),
    data: async (now) => ((await latestEcbDay(deps.db)) === new Date(now).toISOString().slice(0, 10) ? undefined : {}),
    // The ECB's site has short outages; five tries over a quarter of an hour (1, 2, 4, 8 minutes apart).
    options: { attempts: 5, backoffMs: 60_000 },
    logger: deps.logger,
    now: deps.now,
  });
}
