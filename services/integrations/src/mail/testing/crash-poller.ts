// The child process of the poller's crash test: polls the mailbox into the given entity store, prints
// "stored <uids>" once a batch is committed, and then waits, before marking anything seen, for the
// parent's SIGKILL.
import { createLogger } from '@tracker/core';
import { openEntities } from '@tracker/core/testing';
import { pollImapMailbox } from '../poll-imap-mailbox';
import { reportMailboxOutage } from '../report-mailbox-outage';

const [url, store] = process.argv.slice(2);
if (!url || !store) throw new Error('usage: crash-poller.ts <imap url> <postgres url | pglite folder>');
const entities = await openEntities(store.startsWith('postgres') ? { databaseUrl: store } : { pgliteDir: store });
await pollImapMailbox({
  db: entities.db,
  url,
  // On stderr: the parent reads stdout for the "stored" line, and shows stderr when the child fails.
  outage: reportMailboxOutage(createLogger('warn', 'crash-poller', process.stderr), url, 'crash poller'),
  afterStore: async (uids) => {
    process.stdout.write(`stored ${uids.join(',')}\n`);
    await new Promise(() => {});
  },
});
