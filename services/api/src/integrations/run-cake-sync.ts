// POST /api/integrations/cake/sync: enqueue the CAKE sync job and answer when it is done, with its
// result or its error (a 502: the network, not the caller, failed). A sync still running when the
// request gives up goes on; the card shows its outcome.
import { eq } from 'drizzle-orm';
import { badRequest, HttpError, schema, type Db, type JobQueue } from '@tracker/core';
import { CAKE_SYNC_JOB, recentCakeDays, type CakeSyncJob, type CakeSyncResult } from '@tracker/schemas';

const POLL_MS = 200;
const WAIT_MS = 10 * 60_000;

export async function runCakeSync(
  deps: { db: Db; queue?: JobQueue },
  body: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<CakeSyncResult> {
  if (!deps.queue) throw new HttpError(503, 'No job queue is connected to this process');
  const [configured] = await deps.db.select({ id: schema.cakeIntegration.id }).from(schema.cakeIntegration).where(eq(schema.cakeIntegration.id, 1));
  if (!configured) throw badRequest('CAKE is not configured: save its base URL, API key and affiliate id first');
  const range: CakeSyncJob =
    body.startDate !== undefined && body.endDate !== undefined ? { startDate: body.startDate, endDate: body.endDate } : recentCakeDays(Date.now());
  const id = await deps.queue.enqueue(CAKE_SYNC_JOB, range, { attempts: 1 });
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const job = await deps.queue.get(id);
    if (job?.status === 'completed') return job.result as CakeSyncResult;
    if (job?.status === 'failed') throw new HttpError(502, `The CAKE sync failed: ${job.error ?? 'no reason given'}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new HttpError(504, 'The CAKE sync is still running: its outcome will show on the CAKE card');
}
