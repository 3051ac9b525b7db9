// The repeatable CAKE sync: every interval, once CAKE is configured, one job re-pulls the recent days
// (scheduleSlotJobs).
import { schema, type Db, type JobQueue, type Logger } from '@tracker/core';
import { CAKE_SYNC_JOB, recentCakeDays } from '@tracker/schemas';
import { scheduleSlotJobs } from '../schedule-slot-jobs';

export function scheduleCakeSync(queue: JobQueue, deps: { db: Db; logger: Logger }, intervalMs: number): () => void {
  return scheduleSlotJobs(queue, {
    name: CAKE_SYNC_JOB,
    everyMs: intervalMs,
    data: async (now) => {
      const [configured] = await deps.db.select({ id: schema.cakeIntegration.id }).from(schema.cakeIntegration).limit(1);
      return configured ? recentCakeDays(now) : undefined;
    },
    options: { attempts: 3, backoffMs: 30_000 },
    logger: deps.logger,
  });
}
