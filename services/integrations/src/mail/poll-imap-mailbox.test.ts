// The mailbox poll against a real IMAP server (Dovecot): new mails become codes once, mails without a
// code are counted, a second poll reads nothing again, a new UIDVALIDITY re-reads without doubles, and a
// poller killed between storing and marking seen loses nothing and stores nothing twice, on PGlite and
// on PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { asc, eq } from 'drizzle-orm';
import { createLogger, schema, type Entities } from '@tracker/core';
import { captureLogger, createTemporaryDatabase, LEVEL, openEntities, openScratchEntities, realEngineUrls } from '@tracker/core/testing';
import { appendMails, createTestFolder, deleteTestFolder, describeWithImap, safeKeyMail, seenUids } from '@tracker/testing';
import { pollImapMailbox } from './poll-imap-mailbox';
import { reportMailboxOutage } from './report-mailbox-outage';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const crashPoller = fileURLToPath(new URL('./testing/crash-poller.ts', import.meta.url));

interface Store {
  /** What the child process opens: a PGlite folder or a PostgreSQL URL. */
  location: string;
  open(): Promise<Entities>;
  drop(): Promise<void>;
}

async function pgliteStore(): Promise<Store> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codes-poll-'));
  return { location: dir, open: () => openEntities({ pgliteDir: dir }), drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function postgresStore(url: string): Promise<Store> {
  const database = await createTemporaryDatabase(url);
  return { location: database.url, open: () => openEntities({ databaseUrl: database.url }), drop: database.drop };
}

/** Runs crash-poller.ts until it has stored a batch, then SIGKILLs it. */
async function pollAndKill(imapUrl: string, store: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', crashPoller, imapUrl, store], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const stored = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /stored (\S+)\n/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`crash-poller exited (${code}) before storing: ${err}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return stored;
}

const codesOf = async (entities: Entities) =>
  (await entities.db.select().from(schema.verificationCodes).orderBy(asc(schema.verificationCodes.id))).map((c) => c.code);
const quiet = (url: string) => reportMailboxOutage(createLogger('silent'), url, 'test poll');
const sourceOf = async (entities: Entities) =>
  (await entities.db.select().from(schema.mailSources).where(eq(schema.mailSources.kind, 'imap')))[0];

function pollContract(engine: string, makeStore: () => Promise<Store>, imapUrl: () => string) {
  describe(`polling a mailbox on ${engine}`, () => {
    let store: Store;
    let folder: string;
    let entities: Entities | undefined;
    beforeEach(async () => {
      store = await makeStore();
      folder = await createTestFolder(imapUrl(), 'poll');
    });
    afterEach(async () => {
      await entities?.close();
      entities = undefined;
      await store.drop();
      await deleteTestFolder(folder);
    });

    it('stores each new code once, counts mails without a code, and reads nothing twice', async () => {
      await appendMails(
        folder,
        safeKeyMail('482913', 'poll-1@amex.example'),
        'From: news@example.com\r\nSubject: Weekly\r\nMessage-ID: <news-1@example.com>\r\n\r\nNothing to see on 11/25/2026.\r\n',
        safeKeyMail('731045', 'poll-2@amex.example'),
        // The same mail again (forwarded twice): one code.
        safeKeyMail('731045', 'poll-2@amex.example'),
        // Older than the 7-day retention: not stored only to be deleted.
        safeKeyMail('111999', 'poll-old@amex.example', 8 * 24 * 3600 * 1000),
      );
      entities = await store.open();
      const first = await pollImapMailbox({ db: entities.db, url: folder, outage: quiet(folder) });
      expect(first).toEqual({ fetched: 5, stored: 2, skipped: 2, duplicates: 1 });
      expect(await codesOf(entities)).toEqual(['482913', '731045']);
      expect(await seenUids(folder)).toEqual([1, 2, 3, 4, 5]);

      expect(await pollImapMailbox({ db: entities.db, url: folder, outage: quiet(folder) })).toEqual({ fetched: 0, stored: 0, skipped: 0, duplicates: 0 });
      await appendMails(folder, safeKeyMail('905512', 'poll-3@amex.example'));
      expect(await pollImapMailbox({ db: entities.db, url: folder, outage: quiet(folder), batchSize: 1 })).toMatchObject({ fetched: 1, stored: 1 });
      expect(await codesOf(entities)).toEqual(['482913', '731045', '905512']);
      expect(await sourceOf(entities)).toMatchObject({ stored: 3, skipped: 2, duplicates: 1, lastUid: 6 });
      // The mailbox shown to admins never carries the password.
      expect((await sourceOf(entities))?.mailbox).toMatch(/^imap:\/\/codes:\*\*\*@127\.0\.0\.1:\d+\/poll-/);
    });

    it('re-reads a renumbered mailbox (new UIDVALIDITY) without storing a code twice', async () => {
      await appendMails(folder, safeKeyMail('240968', 'renumber-1@amex.example'));
      entities = await store.open();
      await pollImapMailbox({ db: entities.db, url: folder, outage: quiet(folder) });
      await entities.db.update(schema.mailSources).set({ uidValidity: 'another' }).where(eq(schema.mailSources.kind, 'imap'));
      expect(await pollImapMailbox({ db: entities.db, url: folder, outage: quiet(folder) })).toEqual({ fetched: 1, stored: 0, skipped: 0, duplicates: 1 });
      expect(await codesOf(entities)).toEqual(['240968']);
    });

    it('loses nothing and stores nothing twice when the poller is killed between storing and marking seen', async () => {
      await appendMails(folder, safeKeyMail('660217', 'crash-1@amex.example'), safeKeyMail('318406', 'crash-2@amex.example'));
      const stored = await pollAndKill(folder, store.location);
      expect(stored).toBe('1,2');
      // Killed before the \Seen flags: the server still has both unseen.
      expect(await seenUids(folder)).toEqual([]);

      await appendMails(folder, safeKeyMail('557120', 'crash-3@amex.example'));
      entities = await store.open();
      expect(await codesOf(entities)).toEqual(['660217', '318406']);
      expect(await pollImapMailbox({ db: entities.db, url: folder, outage: quiet(folder) })).toEqual({ fetched: 1, stored: 1, skipped: 0, duplicates: 0 });
      expect(await codesOf(entities)).toEqual(['660217', '318406', '557120']);
      expect(await sourceOf(entities)).toMatchObject({ stored: 3, duplicates: 0, lastUid: 3 });
    }, 60_000);
  });
}

describeWithImap('IMAP mailbox poll', (imapUrl) => {
  pollContract('PGlite', pgliteStore, () => imapUrl);
  const databaseUrl = realEngineUrls().DATABASE_URL;
  if (databaseUrl) pollContract('PostgreSQL', () => postgresStore(databaseUrl), () => imapUrl);
  else if (process.env.CI) it('has DATABASE_URL in CI', () => expect(databaseUrl).toBeDefined());

  it('names the failure without the password when the login is refused', async () => {
    const wrong = new URL(imapUrl);
    wrong.password = 'wrong-secret-123';
    const entities = await openScratchEntities();
    const { logger, lines } = captureLogger();
    try {
      const failure = pollImapMailbox({ db: entities.db, url: wrong.toString(), outage: reportMailboxOutage(logger, wrong.toString(), 'test poll') });
      await expect(failure).rejects.toThrow();
      await failure.catch((error: Error) => expect(error.message).not.toContain('wrong-secret-123'));
      expect(lines.filter((l) => l.level === LEVEL.warn)).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toContain('wrong-secret-123');
    } finally {
      await entities.close();
    }
  });
});

