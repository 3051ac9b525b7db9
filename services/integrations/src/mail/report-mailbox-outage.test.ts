// Both IMAP connections log an outage once: the poll failing poll after poll, and the IDLE push losing its
// connection (the client's `error` event) and failing to reconnect, each make one warn without the
// password; a success logs the recovery and re-arms the warn. Against a stand-in IMAP server on 127.0.0.1.
import net from 'node:net';
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { captureLogger, LEVEL, openScratchEntities } from '@tracker/core/testing';
import type { Entities } from '@tracker/core';
import { pollImapMailbox } from './poll-imap-mailbox';
import { reportMailboxOutage } from './report-mailbox-outage';
import { watchImapMailbox, type MailboxWatch } from './watch-imap-mailbox';

const PASSWORD = 'outage-secret-789';

interface StandInServer {
  url: string;
  /** 'drop': every connection is accepted and closed at once; 'answer': an empty INBOX is served. */
  mode: 'drop' | 'answer';
  /** Resets (TCP RST) every open connection, as a crashed server or a broken route does. */
  resetAll(): void;
  close(): Promise<void>;
}

/** Just enough IMAP for imapflow to log in, open an empty folder, search it and log out. */
async function startStandInServer(): Promise<StandInServer> {
  const sockets = new Set<net.Socket>();
  const state: StandInServer = { url: '', mode: 'answer', resetAll: () => sockets.forEach((s) => s.resetAndDestroy()), close: async () => {} };
  const server = net.createServer((socket) => {
    if (state.mode === 'drop') return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // the reset this side caused; the test is about the client's view
    socket.write('* OK [CAPABILITY IMAP4rev1] ready\r\n');
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const [tag, command = ''] = buffered.slice(0, end).split(' ');
        buffered = buffered.slice(end + 2);
        const untagged: Record<string, string> = {
          CAPABILITY: '* CAPABILITY IMAP4rev1\r\n',
          SELECT: '* 0 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n* OK [UIDNEXT 1] ok\r\n',
          EXAMINE: '* 0 EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n* OK [UIDNEXT 1] ok\r\n',
          UID: '* SEARCH\r\n',
          LOGOUT: '* BYE logging out\r\n',
        };
        socket.write(`${untagged[command.toUpperCase()] ?? ''}${tag} OK done\r\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  state.url = `imap://codes:${PASSWORD}@127.0.0.1:${port}/INBOX`;
  state.close = () => {
    state.resetAll();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

type Lines = ReturnType<typeof captureLogger>['lines'];
const warns = (lines: Lines) => lines.filter((l) => l.level === LEVEL.warn);
const infos = (lines: Lines) => lines.filter((l) => l.level === LEVEL.info);

let server: StandInServer;
beforeEach(async () => {
  server = await startStandInServer();
});
afterEach(() => server.close());

test('a poll failing poll after poll logs one warn, and a poll that works logs the recovery and re-arms it', async () => {
  const { logger, lines } = captureLogger();
  const outage = reportMailboxOutage(logger, server.url, 'codes mailbox poll');
  let entities: Entities | undefined;
  try {
    entities = await openScratchEntities();
    const poll = () => pollImapMailbox({ db: entities!.db, url: server.url, outage });

    server.mode = 'drop';
    for (let attempt = 0; attempt < 3; attempt++) await expect(poll()).rejects.toThrow();
    expect(warns(lines)).toHaveLength(1);
    expect(warns(lines)[0]).toMatchObject({
      msg: expect.stringContaining('codes mailbox poll failing'),
      mailbox: expect.stringMatching(/^imap:\/\/codes:\*\*\*@127\.0\.0\.1:\d+\/INBOX$/),
      error: expect.any(String),
    });

    server.mode = 'answer';
    await expect(poll()).resolves.toEqual({ fetched: 0, stored: 0, skipped: 0, duplicates: 0 });
    expect(infos(lines)).toEqual([expect.objectContaining({ msg: 'codes mailbox poll recovered', failures: 3 })]);

    server.mode = 'drop';
    await expect(poll()).rejects.toThrow();
    expect(warns(lines)).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain(PASSWORD);
  } finally {
    await entities?.close();
  }
});

test("the IDLE push's lost connection (the client's error event) and failed reconnects log one warn, then the recovery", async () => {
  const { logger, lines, waitFor } = captureLogger();
  let announced = 0;
  let watch: MailboxWatch | undefined;
  try {
    watch = watchImapMailbox(server.url, () => (announced += 1), reportMailboxOutage(logger, server.url, 'codes mailbox IDLE push'));
    for (let i = 0; i < 200 && announced === 0; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(announced).toBe(1);
    expect(lines).toEqual([]);

    // The open connection breaks while nothing is pending, and the server stays down for two reconnects.
    server.mode = 'drop';
    server.resetAll();
    await waitFor((l) => l.level < LEVEL.info && l.failures === 3);
    expect(warns(lines)).toEqual([expect.objectContaining({ msg: expect.stringContaining('codes mailbox IDLE push failing'), code: 'ECONNRESET' })]);

    server.mode = 'answer';
    await waitFor((l) => l.msg === 'codes mailbox IDLE push recovered', 15_000);
    expect(infos(lines)).toEqual([expect.objectContaining({ failures: 3 })]);
    expect(warns(lines)).toHaveLength(1);
    expect(announced).toBe(2);
    expect(JSON.stringify(lines)).not.toContain(PASSWORD);
  } finally {
    await watch?.stop();
  }
}, 30_000);
