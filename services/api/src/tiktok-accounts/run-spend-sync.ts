// 'Sync now': enqueues the spend sync job for one account and answers when it is done, with the rows
// it recorded or its error (a 502: TikTok's failure, not the request's). The job runs on the workers,
// wherever they are; this process only waits on its result.
import { HttpError, type JobQueue } from '@tracker/core';
import { TIKTOK_SPEND_SYNC_JOB, type SpendSyncBody, type SpendSyncJob, type SpendSyncOutcome } from '@tracker/schemas';

const POLL_MS = 200;
/** A year's backfill is 13 report windows; even throttled, that is minutes, not hours. */
export const SYNC_WAIT_MS = 10 * 60_000;

export async function runSpendSync(
  queue: JobQueue | undefined,
  accountId: number,
  body: SpendSyncBody,
  waitMs = SYNC_WAIT_MS,
): Promise<{ rows: number }> {
  if (!queue) throw new HttpError(503, 'Background jobs are not available in this process');
  const range = body.startDate && body.endDate ? { startDate: body.startDate, endDate: body.endDate } : undefined;
  const jobId = await queue.enqueue<SpendSyncJob>(TIKTOK_SPEND_SYNC_JOB, { accountId, ...(range ? { range } : {}) }, { attempts: 1 });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await queue.get(jobId);
    if (job?.status === 'completed') {
      const outcome = (job.result as { accounts?: SpendSyncOutcome[] } | null)?.accounts?.find((a) => a.accountId === accountId);
      if (!outcome) throw new HttpError(404, 'TikTok account not found');
      if (outcome.error !== null) throw new HttpError(502, `Spend sync failed: ${outcome.error}`);
      return { rows: outcome.rows };
    }
    if (job?.status === 'failed') throw new HttpError(502, `Spend sync failed: ${job.error ?? 'unknown error'}`);
    if (Date.now() > deadline) throw new HttpError(504, 'The spend sync is still running; its result will show on the card');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
