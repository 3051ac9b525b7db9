// Logs an IMAP connection's failures once per outage, as the job queue does its own (queue-errors.ts):
// the first failure after a healthy spell is a warn naming the mailbox (never its password), repeats are
// debug, and the next success re-arms it.
import type { Logger } from '@tracker/core';
import { parseImapUrl, scrubSecret } from './imap-mailbox';

export interface MailboxOutage {
  /** A failed connect or command, or the client's `error` event. */
  report(error: unknown): void;
  /** The connection worked: ends the outage, so the next failure is logged again. */
  recovered(): void;
}

/** `connection` names what failed in the log line, e.g. "codes mailbox poll". */
export function reportMailboxOutage(logger: Logger, url: string, connection: string): MailboxOutage {
  const mailbox = parseImapUrl(url);
  let failures = 0;
  return {
    report(error) {
      failures += 1;
      const fields = {
        mailbox: mailbox.display,
        error: scrubSecret(error instanceof Error ? error.message : String(error), mailbox),
        code: (error as { code?: unknown } | null)?.code,
      };
      // The outage is already in the log; every retry would repeat it at each poll or reconnect.
      if (failures > 1) logger.debug({ ...fields, failures }, `${connection} still failing`);
      else logger.warn(fields, `${connection} failing (logged once until it recovers)`);
    },
    recovered() {
      if (failures > 0) logger.info({ mailbox: mailbox.display, failures }, `${connection} recovered`);
      failures = 0;
    },
  };
}
