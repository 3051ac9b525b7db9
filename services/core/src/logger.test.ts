// A failed query's values (a new user's password hash) never reach the log, whichever
// error of the chain is logged; nor does a logged URL's query string. Errors still say what failed.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Entities } from './db/entities';
// The store starts from the migrated template: these tests are about what a failing query logs.
import { openScratchEntities } from './testing/open-test-entities';
import * as schema from './db/schema';
import { createLogger } from './logger';

const HASH = 'scrypt$16384$8$1$c2FsdHNhbHQ$SECRET-HASH-d3adb33f';
let entities: Entities;

beforeAll(async () => {
  entities = await openScratchEntities();
  await entities.db.insert(schema.users).values({ username: 'taken', password: 'scrypt$first' });
});
afterAll(() => entities.close());

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', 'test', stream), text: () => lines.join('') };
}

async function failingInsert(username: string): Promise<unknown> {
  try {
    await entities.db.insert(schema.users).values({ username, password: HASH });
  } catch (error) {
    return error;
  }
  throw new Error('the insert was expected to fail');
}

test.each([
  ['a unique violation', 'taken'],
  ['an encoding error (a NUL)', 'nul\u0000name'],
])('%s: neither the drizzle error nor its database cause prints the hash', async (_case, username) => {
  const error = await failingInsert(username);
  const { logger, text } = capture();
  logger.error({ err: error, url: '/api/users' }, 'request failed');
  logger.error({ err: (error as { cause: unknown }).cause }, 'cause');
  logger.error({ error: new Error('wrapped', { cause: error }) }, 'wrapped');
  logger.error({ err: new AggregateError([error], 'several') }, 'aggregate');
  const logged = text();
  expect(logged).not.toContain('SECRET-HASH');
  expect(logged).not.toContain('Key (username)');
  // Still useful: what failed, and why.
  expect(logged).toContain('Failed query: insert into \\"users\\"');
  expect(logged).toContain('params: [redacted]');
  expect(logged).toMatch(/duplicate key value|invalid byte sequence/);
});

test("a logged URL keeps its path, not its query string", () => {
  const { logger, text } = capture();
  logger.error({ url: '/postback?key=POSTBACK-SECRET&transaction_id=1' }, 'request failed');
  expect(text()).toContain('"url":"/postback?[redacted]"');
  expect(text()).not.toContain('POSTBACK-SECRET');
});
