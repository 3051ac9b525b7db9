// The IDLE push against a real IMAP server (Dovecot): it announces a mail appended to the folder within
// seconds, reports a refused login without the password, and stops when told.
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { captureLogger, LEVEL } from '@tracker/core/testing';
import { appendMails, createTestFolder, deleteTestFolder, describeWithImap, safeKeyMail } from '@tracker/testing';
import { reportMailboxOutage } from './report-mailbox-outage';
import { watchImapMailbox, type MailboxWatch } from './watch-imap-mailbox';

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWithImap('IMAP IDLE push', (imapUrl) => {
  let folder: string;
  let watch: MailboxWatch | undefined;
  beforeEach(async () => {
    folder = await createTestFolder(imapUrl, 'idle');
  });
  afterEach(async () => {
    await watch?.stop();
    watch = undefined;
    await deleteTestFolder(folder);
  });

  it('announces a new mail within seconds, after one call on connecting', async () => {
    let calls = 0;
    const { logger, lines } = captureLogger();
    watch = watchImapMailbox(folder, () => (calls += 1), reportMailboxOutage(logger, folder, 'IDLE push'));
    await until(() => calls === 1);
    const appendedAt = Date.now();
    await appendMails(folder, safeKeyMail('482913', 'idle-1@amex.example'));
    await until(() => calls >= 2);
    expect(Date.now() - appendedAt).toBeLessThan(10_000);
    expect(lines.filter((l) => l.level >= LEVEL.warn)).toEqual([]);
  }, 30_000);

  it('reports a refused login without the password and stops', async () => {
    const wrong = new URL(folder);
    wrong.password = 'wrong-secret-456';
    const { logger, lines } = captureLogger();
    watch = watchImapMailbox(wrong.toString(), () => {}, reportMailboxOutage(logger, wrong.toString(), 'IDLE push'));
    await until(() => lines.some((l) => l.level === LEVEL.warn));
    expect(JSON.stringify(lines)).not.toContain('wrong-secret-456');
    await watch.stop();
  }, 30_000);
});
