// Push for the verification-code mailbox: one IMAP connection kept in IDLE on the folder, calling
// `onNewMail` when the server announces a message (and after every reconnect, for what arrived while
// it was away), so a code is fetched within a second or two instead of at the next poll. The poll job
// stays the source of truth; this only makes it run sooner. Reconnects with backoff until stopped;
// failures are logged once per outage.
import type { ImapFlow } from 'imapflow';
import { parseImapUrl } from './imap-mailbox';
import type { MailboxOutage } from './report-mailbox-outage';

export interface MailboxWatch {
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 60_000;

export function watchImapMailbox(
  url: string,
  onNewMail: () => void,
  outage: MailboxOutage,
): MailboxWatch {
  const mailbox = parseImapUrl(url);
  let stopped = false;
  let client: ImapFlow | undefined;
  let wake: () => void = () => {};
  let backoffMs = 1000;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function watchOnce(): Promise<void> {
    const { ImapFlow } = await import('imapflow'); // loaded on first use, as in poll-imap-mailbox.ts
    const current = new ImapFlow({
      host: mailbox.host,
      port: mailbox.port,
      secure: mailbox.secure,
      doSTARTTLS: mailbox.secure ? undefined : false,
      auth: { user: mailbox.user, pass: mailbox.password },
      logger: false,
      // IDLE as soon as the folder is open, and renewed before servers drop it (RFC 2177: 29 minutes).
      autoIdleDelay: 100,
      maxIdleTime: 5 * 60_000,
    });
    client = current;
    const closed = new Promise<void>((resolve) => current.once('close', () => resolve()));
    // After the event the connection closes and the loop reconnects; connect() failures are caught there.
    current.on('error', (error: unknown) => outage.report(error));
    current.on('exists', () => onNewMail());
    await current.connect();
    await current.mailboxOpen(mailbox.folder, { readOnly: true });
    backoffMs = 1000;
    outage.recovered();
    onNewMail();
    await closed;
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await watchOnce();
      } catch (error) {
        if (!stopped) outage.report(error);
      }
      client?.close();
      if (stopped) break;
      await sleep(backoffMs);
      backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      client?.close();
      await loop;
    },
  };
}
