// A worker process SIGKILLed in the middle of a statement import, with 500 of 1,000 rows written inside
// its transaction, leaves nothing stored; the retry then imports every row once. On PGlite (a data folder
// the next process opens, FACTS.md: commits survive SIGKILL) and on PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { createTemporaryDatabase, describeWithRealEngine, openEntities } from '@tracker/core/testing';
import { importStatementFile } from '@tracker/workers';
import { statementCsv, type StatementLine } from './statement-fixture';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsxLoader = path.join(here, '../../../../node_modules/tsx/dist/esm/index.mjs');

const lines: StatementLine[] = Array.from({ length: 1000 }, (_, i) => ({
  date: '11/12/26',
  status: i % 5 === 0 ? 'PENDING' : 'CLEARED',
  amount: '10.00',
  nickname: 'Alpha Card',
  last4: '1111',
  referenceId: `KILL-${i}`,
}));

/** Runs the child until it reports it is mid-import, then SIGKILLs it. */
async function killMidImport(store: string, file: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(here, 'kill-mid-import.child.ts'), store, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (!output.includes('MID-IMPORT') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGKILL');
  await exited;
  return output;
}

function killContract(store: () => string) {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-kill-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('SIGKILL mid-file stores nothing; the retry imports each row once', async () => {
    const file = path.join(dir, 'statement.csv');
    fs.writeFileSync(file, statementCsv(lines));
    const output = await killMidImport(store(), file);
    expect(output).toContain('MID-IMPORT 500');
    expect(output).not.toContain('FINISHED');

    const entities = await openEntities(store().startsWith('postgres') ? { databaseUrl: store() } : { pgliteDir: store() });
    try {
      const rows = async () => (await entities.db.execute(sql`select count(*)::int as n from transactions`)) as unknown as { rows: Array<{ n: number }> };
      expect((await rows()).rows[0]!.n).toBe(0);
      expect(await importStatementFile(entities.db, file)).toMatchObject({ ok: true, count: 1000, clearedCount: 800, pendingDeclinedCount: 200, duplicateCount: 0 });
      expect((await rows()).rows[0]!.n).toBe(1000);
    } finally {
      await entities.close();
    }
  }, 180_000);
}

describe('statement import killed mid-file [embedded: PGlite]', () => {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-kill-pg-'));
  afterAll(() => fs.rmSync(pgDir, { recursive: true, force: true }));
  killContract(() => pgDir);
});

describeWithRealEngine('DATABASE_URL', 'statement import killed mid-file', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
    // The child and this test share the database; migrations run once here first.
    await (await openEntities({ databaseUrl: database.url })).close();
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  });
  killContract(() => database.url);
});
