// The verification-code jobs: the mailbox poll (only when CODES_IMAP_URL is set) and the hourly retention.
import type { JobQueue } from '@tracker/core';
import { CODES_IMAP_POLL_JOB, CODES_RETENTION_JOB } from '@tracker/schemas';
import { deleteExpiredCodesJob } from './delete-expired-codes';
import { pollCodesMailbox, type CodesMailboxDeps } from './poll-codes-mailbox';
import { repeating, startRepeating } from './repeat-job';

export interface CodesJobDeps extends CodesMailboxDeps {
  /** CODES_IMAP_POLL_SECONDS in ms. */
  codesImapPollMs?: number;
}

const RETENTION_EVERY_MS = 60 * 60 * 1000;

export function registerCodesJobs(queue: JobQueue, deps: CodesJobDeps): () => Promise<void> {
  const pollMs = deps.codesImapPollMs ?? 15_000;
  const imapUrl = deps.codesImapUrl;
  if (imapUrl) {
    queue.register(CODES_IMAP_POLL_JOB, repeating(queue, CODES_IMAP_POLL_JOB, pollMs, pollCodesMailbox({ ...deps, codesImapUrl: imapUrl })));
  }
  queue.register(CODES_RETENTION_JOB, repeating(queue, CODES_RETENTION_JOB, RETENTION_EVERY_MS, deleteExpiredCodesJob(deps)));
  return async () => {
    if (imapUrl) await startRepeating(queue, CODES_IMAP_POLL_JOB, pollMs);
    await startRepeating(queue, CODES_RETENTION_JOB, RETENTION_EVERY_MS);
  };
}
