// The real IMAP server of the tests (Dovecot from scripts/services.sh, TEST_IMAP_URL): a fresh folder per
// suite, mails put in with IMAP APPEND. Suites skip without the server, except in CI, where they fail.
import crypto from 'node:crypto';
import type { describe as JestDescribe, test as JestTest } from '@jest/globals';
import { ImapFlow } from 'imapflow';
import { parseImapUrl } from '@tracker/integrations';

const jest = () => globalThis as unknown as { describe: typeof JestDescribe; test: typeof JestTest };

/** TEST_IMAP_URL, e.g. imap://codes:codes-password@127.0.0.1:14393/INBOX (`scripts/services.sh up imap`). */
export function testImapUrl(): string | undefined {
  return process.env.TEST_IMAP_URL || undefined;
}

export function describeWithImap(title: string, body: (url: string) => void): void {
  const { describe, test } = jest();
  const url = testImapUrl();
  if (url) {
    describe(`${title} [real: IMAP]`, () => body(url));
  } else if (process.env.CI) {
    describe(`${title} [real: IMAP]`, () => {
      test('TEST_IMAP_URL is set', () => {
        throw new Error('TEST_IMAP_URL is not set in CI: the IMAP suites cannot run (scripts/services.sh up imap)');
      });
    });
  } else {
    process.stderr.write(`SKIP ${title}: TEST_IMAP_URL is not set (scripts/services.sh up imap)\n`);
    describe.skip(`${title} [real: IMAP]`, () => body(''));
  }
}

async function withClient<T>(url: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const box = parseImapUrl(url);
  const client = new ImapFlow({
    host: box.host,
    port: box.port,
    secure: box.secure,
    doSTARTTLS: box.secure ? undefined : false,
    auth: { user: box.user, pass: box.password },
    logger: false,
  });
  // A call after the connection is lost can answer nothing rather than fail (imapflow's search resolves
  // undefined), so the event's error fails the helper and the test shows what happened.
  let lost: unknown;
  client.on('error', (error: unknown) => (lost ??= error));
  await client.connect();
  try {
    const result = await work(client);
    if (lost) throw lost;
    return result;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** A new, empty folder of the test mailbox: the URL that points at it. */
export async function createTestFolder(url: string, prefix: string): Promise<string> {
  const name = `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
  await withClient(url, (client) => client.mailboxCreate(name));
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function deleteTestFolder(url: string): Promise<void> {
  await withClient(url, (client) => client.mailboxDelete(parseImapUrl(url).folder));
}

/** IMAP APPEND of raw messages to the URL's folder; answers their UIDs. */
export async function appendMails(url: string, ...raws: Array<string | Buffer>): Promise<number[]> {
  const folder = parseImapUrl(url).folder;
  return withClient(url, async (client) => {
    const uids: number[] = [];
    for (const raw of raws) {
      const appended = await client.append(folder, raw);
      if (appended && appended.uid !== undefined) uids.push(appended.uid);
    }
    return uids;
  });
}

/** The UIDs of the folder's messages flagged \Seen. */
export async function seenUids(url: string): Promise<number[]> {
  const folder = parseImapUrl(url).folder;
  return withClient(url, async (client) => {
    const lock = await client.getMailboxLock(folder);
    try {
      return ((await client.search({ seen: true }, { uid: true })) || []).sort((a, b) => a - b);
    } finally {
      lock.release();
    }
  });
}

/** A SafeKey-style mail with the given code and Message-ID, sent `ago` ms before now. */
export function safeKeyMail(code: string, messageId: string, ago = 0): string {
  const date = new Date(Date.now() - ago).toUTCString().replace('GMT', '+0000');
  return [
    'From: American Express <americanexpress@welcome.americanexpress.com>',
    'To: codes@media-team.example',
    `Subject: Your SafeKey verification code ${code.slice(0, 2)}…`,
    `Date: ${date}`,
    `Message-ID: <${messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Your American Express SafeKey one-time verification code is ${code}.`,
    'Purchase of $49.00 at TIKTOK ADS, Card ending in 1005. Questions: 1-800-528-4800.',
    '',
  ].join('\r\n');
}
