// POST /api/integrations/cake/sync: enqueue the CAKE sync job and answer when it is done, with its
// result (200) or its error (502: the network, not the caller, failed). A sync still running when the
// request stops waiting goes on: a 202 with its job id, and the card shows its outcome.
import { eq } from 'drizzle-orm';
import { badRequest, HttpError, schema, type Db, type JobQueue } from '@tracker/core';
import { CAKE_SYNC_JOB, recentCakeDays, type CakeSyncJob, type CakeSyncResult, type CakeSyncRunning } from '@tracker/schemas';

const POLL_MS = 200;
/** A backfill of a year is 14 windows of CAKE calls: minutes, not hours. */
export const CAKE_SYNC_WAIT_MS = 10 * 60_000;

export type CakeSyncAnswer = { status: 200; body: CakeSyncResult } | { status: 202; body: CakeSyncRunning };

export async function runCakeSync(
  deps: { db: Db; queue?: JobQueue | undefined; jobWaitMs?: number | undefined },
  body: { startDate?: string | undefined; endDate?: string | undefined },
): Promise<CakeSyncAnswer> {
  const [configured] = await deps.db.select({ id: schema.cakeIntegration.id }).from(schema.cakeIntegration).where(eq(schema.cakeIntegration.id, 1));
  if (!configured) throw badRequest('CAKE is not configured: save its base URL, API key and affiliate id first');
  if (!deps.queue) throw new HttpError(503, 'No job queue is connected to this process');
  const range: CakeSyncJob =
    body.startDate !== undefined && body.endDate !== undefined ? { startDate: body.startDate, endDate: body.endDate } : recentCakeDays(Date.now());
  const id = await deps.queue.enqueue(CAKE_SYNC_JOB, range, { attempts: 1 });
  const deadline = Date.now() + (deps.jobWaitMs ?? CAKE_SYNC_WAIT_MS);
  for (;;) {
    const job = await deps.queue.get(id);
    if (job?.status === 'completed') return { status: 200, body: job.result as CakeSyncResult };
    if (job?.status === 'failed') throw new HttpError(502, `The CAKE sync failed: ${job.error ?? 'no reason given'}`);
    if (Date.now() >= deadline) return { status: 202, body: { jobId: id, state: 'running' } };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
