// 'Sync now': enqueues the spend sync job for one account and answers when it is done, with the rows
// it recorded or its error (a 502: TikTok's failure, not the request's). The job runs on the workers,
// wherever they are; this process only waits on its result.
import { HttpError, waitForJob, type JobQueue } from '@tracker/core';
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
  const result = await waitForJob<{ accounts?: SpendSyncOutcome[] } | null>(queue, jobId, {
    timeoutMs: waitMs,
    pollMs: POLL_MS,
    failed: (error) => new HttpError(502, `Spend sync failed: ${error}`),
    timedOut: () => new HttpError(504, 'The spend sync is still running; its result will show on the card'),
  });
  const outcome = result?.accounts?.find((a) => a.accountId === accountId);
  if (!outcome) throw new HttpError(404, 'TikTok account not found');
  if (outcome.error !== null) throw new HttpError(502, `Spend sync failed: ${outcome.error}`);
  return { rows: outcome.rows };
}
