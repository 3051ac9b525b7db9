// One poll of the verification-code mailbox with imapflow: reads every message past the last UID
// recorded for the mailbox's UIDVALIDITY, stores what the parser extracts together with the new last
// UID (one transaction), and only then marks the messages seen. A crash before the store re-reads the
// messages next time; one after it has lost nothing, and the Message-ID keeps any re-read to one code.
import { eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { schema, type Db } from '@tracker/core';
import { codesRetentionCutoff } from './codes-retention';
import { parseImapUrl, scrubSecret, type ImapMailbox } from './imap-mailbox';
import { parseCodeMail, UnreadableMailError, type CodeMail } from './parse-code-mail';
import { recordCodeMails, type MailOutcome } from './record-code-mails';
import type { MailboxOutage } from './report-mailbox-outage';

export interface PollImapOptions {
  db: Db;
  /** CODES_IMAP_URL. */
  url: string;
  /** Where failures are logged, once per outage: kept by the caller from one poll to the next. */
  outage: MailboxOutage;
  /** Messages read per transaction; a big first backlog is read in several. */
  batchSize?: number;
  /** Runs after a batch is stored and before it is marked seen: the crash tests stop the poll here. */
  afterStore?: (uids: number[]) => Promise<void>;
}

export interface PollResult {
  fetched: number;
  stored: number;
  skipped: number;
  duplicates: number;
}

const TIMEOUT_MS = 30_000;

async function openClient(mailbox: ImapMailbox, outage: MailboxOutage): Promise<ImapFlow> {
  // Loaded on the first poll, like mailparser (parse-code-mail.ts): ~0.2 s of CPU a start would pay for nothing.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: false,
    // Some servers (Dovecot without TLS on localhost) do not offer STARTTLS; imaps:// is TLS throughout.
    doSTARTTLS: mailbox.secure ? undefined : false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 2,
  });
  // A dropped connection also fails the pending call; the event is logged in case nothing was pending.
  client.on('error', (error: unknown) => outage.report(error));
  return client;
}

async function parseFetched(source: Buffer, uid: number, uidValidity: string, arrivedAt: Date): Promise<CodeMail> {
  try {
    return await parseCodeMail(source, arrivedAt);
  } catch (error) {
    if (!(error instanceof UnreadableMailError)) throw error;
    // Counted as skipped under a key of its own, so it is not read again as a "new" mail.
    return { messageId: `<imap-${uidValidity}-${uid}@unreadable>`, code: null, subject: null, receivedAt: arrivedAt };
  }
}

export async function pollImapMailbox(options: PollImapOptions): Promise<PollResult> {
  const mailbox = parseImapUrl(options.url);
  const batchSize = options.batchSize ?? 50;
  const result: PollResult = { fetched: 0, stored: 0, skipped: 0, duplicates: 0 };
  const tally = (outcomes: MailOutcome[]) => {
    for (const o of outcomes) result[o === 'duplicate' ? 'duplicates' : o] += 1;
  };
  const client = await openClient(mailbox, options.outage);
  try {
    await client.connect();
    const lock = await client.getMailboxLock(mailbox.folder);
    try {
      const opened = client.mailbox;
      if (!opened) throw new Error(`The mailbox ${mailbox.folder} could not be opened`);
      const uidValidity = String(opened.uidValidity);
      const [source] = await options.db.select().from(schema.mailSources).where(eq(schema.mailSources.kind, 'imap'));
      // A new UIDVALIDITY renumbers the mailbox: read it all again; Message-IDs keep the codes single.
      let lastUid = source?.uidValidity === uidValidity ? source.lastUid : 0;
      const cutoff = await codesRetentionCutoff(options.db);
      for (;;) {
        // "N:*" always answers the highest UID, even when it is below N.
        const found = (await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [];
        const uids = found.filter((uid) => uid > lastUid).sort((a, b) => a - b).slice(0, batchSize);
        if (uids.length === 0) break;
        const mails: CodeMail[] = [];
        for await (const message of client.fetch(uids, { uid: true, source: true, internalDate: true }, { uid: true })) {
          if (!message.source) continue;
          const arrivedAt = message.internalDate instanceof Date ? message.internalDate : new Date();
          mails.push(await parseFetched(message.source, message.uid, uidValidity, arrivedAt));
        }
        const newLast = uids[uids.length - 1]!;
        tally(
          await recordCodeMails(options.db, 'imap', mails, {
            cutoff,
            mailbox: mailbox.display,
            imapPosition: { uidValidity, lastUid: newLast },
          }),
        );
        result.fetched += mails.length;
        await options.afterStore?.(uids);
        await client.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
        lastUid = newLast;
      }
    } finally {
      lock.release();
    }
    await client.logout();
    options.outage.recovered();
    return result;
  } catch (error) {
    client.close();
    if (error instanceof Error) error.message = scrubSecret(error.message, mailbox);
    options.outage.report(error);
    throw error;
  }
}
