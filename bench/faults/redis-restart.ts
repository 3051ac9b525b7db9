// The BullMQ job queue on Redis (append-only file on), Redis restarted while jobs are enqueued and
// processed, some of them delayed past the restart: every job whose enqueue was acknowledged runs, once.
import type { JobQueue } from '@tracker/core';
import { openEntities, openJobQueue } from '@tracker/core/testing';
import type { FaultServices } from './fault-services';
import type { Figures } from './figures';
import { sleep, waitFor } from './wait';

export async function redisRestart(services: FaultServices, redisUrl: string): Promise<Figures> {
  const entities = await openEntities({ pgliteDir: 'memory://' });
  let queue: JobQueue | undefined;
  const runs = new Map<number, number>();
  const acknowledged = new Set<number>();
  let sent = 0;
  let stopped = false;
  const checks: Figures['checks'] = [];
  try {
    queue = await openJobQueue({ redisUrl, db: entities.db, prefix: `faults${Date.now()}`, onError: () => {} });
    queue.register<{ n: number }, void>('fault-probe', async (job) => {
      runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
    });
    await queue.start();
    const q = queue;
    const enqueuing = (async () => {
      while (!stopped) {
        const n = sent++;
        try {
          // Every fifth job is delayed past the restart.
          await q.enqueue('fault-probe', { n }, { jobId: `probe-${n}`, delayMs: n % 5 === 0 ? 4000 : 0 });
          acknowledged.add(n);
        } catch {
          // Redis is down: the enqueue was refused, as a caller sees it; nothing was promised.
        }
        await sleep(20);
      }
    })();
    await sleep(1500);
    await services.down('redis');
    await sleep(3000);
    await services.up('redis');
    await sleep(2000);
    stopped = true;
    await enqueuing;
    const allRan = await waitFor(() => [...acknowledged].every((n) => runs.has(n)), 'every acknowledged job to run', 60_000);
    checks.push({ what: 'every acknowledged job ran after the restart (delayed ones included)', ok: allRan });
  } finally {
    await queue?.close().catch(() => {});
    await entities.close();
  }
  const ran = [...acknowledged].filter((n) => runs.has(n)).length;
  return {
    scenario: 'BullMQ on Redis: Redis restarted while jobs are enqueued and processed',
    sent,
    answered: acknowledged.size,
    stored: ran,
    lost: acknowledged.size - ran,
    doubled: [...runs.values()].reduce((sum, count) => sum + count - 1, 0),
    checks,
    notes: [`${sent - acknowledged.size} enqueues refused while Redis was down`, 'jobs are at-least-once: a second run is reported, not failed'],
    doublesAllowed: true,
  };
}
