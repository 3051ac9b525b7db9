// The repeatable CAKE sync: every interval, once CAKE is configured, one job re-pulls the recent days.
// The job id names the interval's slot, so several worker processes enqueue it once between them.
import { schema, type Db, type JobQueue, type Logger } from '@tracker/core';
import { CAKE_SYNC_JOB, recentCakeDays } from '@tracker/schemas';

export function scheduleCakeSync(queue: JobQueue, deps: { db: Db; logger: Logger }, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  const tick = async () => {
    try {
      const [configured] = await deps.db.select({ id: schema.cakeIntegration.id }).from(schema.cakeIntegration).limit(1);
      if (!configured) return;
      const slot = Math.floor(Date.now() / intervalMs);
      await queue.enqueue(CAKE_SYNC_JOB, recentCakeDays(Date.now()), { jobId: `${CAKE_SYNC_JOB}-scheduled-${slot}`, attempts: 3, backoffMs: 30_000 });
    } catch (error) {
      deps.logger.error({ err: error }, 'could not schedule the CAKE sync');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
