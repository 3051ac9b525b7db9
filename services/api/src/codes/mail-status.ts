// What Settings → Mail shows admins: whether an IMAP mailbox is configured (password masked), each
// source's last poll or mail, last error and counts, and the retention in days.
import { schema, type Db } from '@tracker/core';
import { parseImapUrl, readCodesRetentionDays } from '@tracker/integrations';
import type { MailSourceStatus, MailStatus } from '@tracker/schemas';

type SourceRow = typeof schema.mailSources.$inferSelect;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

function statusOf(row: SourceRow | undefined, mailbox: string | null): MailSourceStatus {
  return {
    mailbox,
    lastPollAt: iso(row?.lastPollAt),
    lastMailAt: iso(row?.lastMailAt),
    lastError: row?.lastError ?? null,
    lastErrorAt: iso(row?.lastErrorAt),
    stored: row?.stored ?? 0,
    skipped: row?.skipped ?? 0,
    duplicates: row?.duplicates ?? 0,
  };
}

export async function mailStatus(db: Db, imap: { url?: string; pollMs: number }): Promise<MailStatus> {
  const [rows, retentionDays] = await Promise.all([db.select().from(schema.mailSources), readCodesRetentionDays(db)]);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const mailbox = imap.url ? parseImapUrl(imap.url).display : null;
  return {
    imap: { ...statusOf(byKind.get('imap'), mailbox), configured: Boolean(imap.url), pollSeconds: imap.pollMs / 1000 },
    inbound: statusOf(byKind.get('inbound'), null),
    retentionDays,
  };
}
