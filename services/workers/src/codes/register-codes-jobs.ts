// The verification-code jobs: the mailbox poll (only when CODES_IMAP_URL is set), run every poll period
// and at once when the mailbox's IDLE push announces a mail, and the hourly retention.
import type { JobQueue } from '@tracker/core';
import { reportMailboxOutage, watchImapMailbox } from '@tracker/integrations';
import { CODES_IMAP_POLL_JOB, CODES_RETENTION_JOB } from '@tracker/schemas';
import { deleteExpiredCodesJob } from './delete-expired-codes';
import { pollCodesMailbox, type CodesMailboxDeps } from './poll-codes-mailbox';
import { repeating, startRepeating } from './repeat-job';

export interface CodesJobDeps extends CodesMailboxDeps {
  /** CODES_IMAP_POLL_SECONDS in ms. */
  codesImapPollMs?: number;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** Registers the processors; the answer starts the schedules and the push, and answers how to stop the push. */
export function registerCodesJobs(queue: JobQueue, deps: CodesJobDeps): () => Promise<() => Promise<void>> {
  const pollMs = deps.codesImapPollMs ?? 15_000;
  const imapUrl = deps.codesImapUrl;
  if (imapUrl) {
    queue.register(CODES_IMAP_POLL_JOB, repeating(queue, CODES_IMAP_POLL_JOB, pollMs, pollCodesMailbox({ ...deps, codesImapUrl: imapUrl })));
  }
  queue.register(CODES_RETENTION_JOB, repeating(queue, CODES_RETENTION_JOB, RETENTION_EVERY_MS, deleteExpiredCodesJob(deps)));
  return async () => {
    await startRepeating(queue, CODES_RETENTION_JOB, RETENTION_EVERY_MS);
    if (!imapUrl) return async () => {};
    await startRepeating(queue, CODES_IMAP_POLL_JOB, pollMs);
    let pushes = 0;
    const watch = watchImapMailbox(
      imapUrl,
      // One job per announcement; the poll job's single concurrency keeps them in line.
      () => {
        pushes += 1;
        queue
          .enqueue(CODES_IMAP_POLL_JOB, { push: pushes }, { jobId: `${CODES_IMAP_POLL_JOB}-push-${Date.now()}-${pushes}`, attempts: 1 })
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'codes mailbox: could not enqueue a poll'));
      },
      reportMailboxOutage(deps.logger, imapUrl, 'codes mailbox IDLE push'),
    );
    return () => watch.stop();
  };
}
