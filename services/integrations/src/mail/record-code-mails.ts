// Stores what the parser read from a batch of mails, in one transaction with the source's counters
// (and, for IMAP, the last UID read), so a crash leaves either all of it or none of it.
import { sql } from 'drizzle-orm';
import { schema, type Db } from '@tracker/core';
import type { MailOutcome } from '@tracker/schemas';
import type { CodeMail } from './parse-code-mail';

export type MailSourceKind = (typeof schema.mailSourceKinds)[number];
export type { MailOutcome };

export interface RecordOptions {
  /** Mails sent before this are past retention: skipped, not stored only to be deleted. */
  cutoff: Date;
  mailbox?: string | null;
  /** IMAP: the position these mails bring the mailbox to. */
  imapPosition?: { uidValidity: string; lastUid: number };
}

export async function recordCodeMails(
  db: Db,
  kind: MailSourceKind,
  mails: readonly CodeMail[],
  options: RecordOptions,
): Promise<MailOutcome[]> {
  return db.transaction(async (tx) => {
    const outcomes: MailOutcome[] = [];
    for (const mail of mails) {
      if (mail.code === null || mail.receivedAt < options.cutoff) {
        outcomes.push('skipped');
        continue;
      }
      const inserted = await tx
        .insert(schema.verificationCodes)
        .values({ code: mail.code, subject: mail.subject, messageId: mail.messageId, receivedAt: mail.receivedAt })
        .onConflictDoNothing({ target: schema.verificationCodes.messageId })
        .returning({ id: schema.verificationCodes.id });
      outcomes.push(inserted.length > 0 ? 'stored' : 'duplicate');
    }
    const count = (outcome: MailOutcome) => outcomes.filter((o) => o === outcome).length;
    const now = new Date();
    const counters = { stored: count('stored'), skipped: count('skipped'), duplicates: count('duplicate') };
    const t = schema.mailSources;
    await tx
      .insert(t)
      .values({
        kind,
        mailbox: options.mailbox ?? null,
        lastMailAt: mails.length > 0 ? now : null,
        ...counters,
        uidValidity: options.imapPosition?.uidValidity ?? null,
        lastUid: options.imapPosition?.lastUid ?? 0,
      })
      .onConflictDoUpdate({
        target: t.kind,
        set: {
          ...(options.mailbox !== undefined ? { mailbox: options.mailbox } : {}),
          ...(mails.length > 0 ? { lastMailAt: now } : {}),
          stored: sql`${t.stored} + ${counters.stored}`,
          skipped: sql`${t.skipped} + ${counters.skipped}`,
          duplicates: sql`${t.duplicates} + ${counters.duplicates}`,
          ...(options.imapPosition
            ? { uidValidity: options.imapPosition.uidValidity, lastUid: options.imapPosition.lastUid }
            : {}),
        },
      });
    return outcomes;
  });
}

/** Records a poll's end: its time, and its error or (on success) no error. */
export async function recordMailPoll(db: Db, kind: MailSourceKind, mailbox: string | null, error: string | null): Promise<void> {
  const now = new Date();
  const t = schema.mailSources;
  const set = error === null ? { mailbox, lastPollAt: now, lastSuccessAt: now, lastError: null } : { mailbox, lastPollAt: now, lastError: error, lastErrorAt: now };
  await db.insert(t).values({ kind, ...set }).onConflictDoUpdate({ target: t.kind, set });
}
