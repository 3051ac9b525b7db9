// The repeatable job that polls CODES_IMAP_URL for verification-code mails; its last run, counts and
// error (never the password) are kept on the mail source for Settings → Mail.
import type { Db, JobProcessor, Logger } from '@tracker/core';
import { parseImapUrl, pollImapMailbox, recordMailPoll, scrubSecret, type PollResult } from '@tracker/integrations';

export interface CodesMailboxDeps {
  db: Db;
  logger: Logger;
  /** CODES_IMAP_URL; the job is not scheduled without it. */
  codesImapUrl?: string;
}

export function pollCodesMailbox(deps: CodesMailboxDeps & { codesImapUrl: string }): JobProcessor<unknown, PollResult> {
  const mailbox = parseImapUrl(deps.codesImapUrl);
  return async () => {
    try {
      const result = await pollImapMailbox({ db: deps.db, url: deps.codesImapUrl });
      await recordMailPoll(deps.db, 'imap', mailbox.display, null);
      if (result.fetched > 0) deps.logger.info({ mailbox: mailbox.display, ...result }, 'codes mailbox polled');
      return result;
    } catch (error) {
      const message = scrubSecret(error instanceof Error ? error.message : String(error), mailbox);
      await recordMailPoll(deps.db, 'imap', mailbox.display, message).catch(() => {});
      deps.logger.warn({ mailbox: mailbox.display, error: message }, 'codes mailbox poll failed');
      throw new Error(message);
    }
  };
}
