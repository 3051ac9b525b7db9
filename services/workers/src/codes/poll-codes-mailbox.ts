// The repeatable job that polls CODES_IMAP_URL for verification-code mails; its last run, counts and
// error (never the password) are kept on the mail source for Settings → Mail; an outage is logged once.
import type { Db, JobProcessor, Logger } from '@tracker/core';
import { parseImapUrl, pollImapMailbox, recordMailPoll, reportMailboxOutage, scrubSecret, type PollResult } from '@tracker/integrations';

export interface CodesMailboxDeps {
  db: Db;
  logger: Logger;
  /** CODES_IMAP_URL; the job is not scheduled without it. */
  codesImapUrl?: string;
}

export function pollCodesMailbox(deps: CodesMailboxDeps & { codesImapUrl: string }): JobProcessor<unknown, PollResult> {
  const mailbox = parseImapUrl(deps.codesImapUrl);
  const outage = reportMailboxOutage(deps.logger, deps.codesImapUrl, 'codes mailbox poll');
  return async () => {
    try {
      const result = await pollImapMailbox({ db: deps.db, url: deps.codesImapUrl, outage });
      await recordMailPoll(deps.db, 'imap', mailbox.display, null);
      if (result.fetched > 0) deps.logger.info({ mailbox: mailbox.display, ...result }, 'codes mailbox polled');
      return result;
    } catch (error) {
      const message = scrubSecret(error instanceof Error ? error.message : String(error), mailbox);
      // The poll has logged the failure (once per outage); Settings shows the latest one.
      await recordMailPoll(deps.db, 'imap', mailbox.display, message).catch(() => {});
      throw new Error(message);
    }
  };
}
