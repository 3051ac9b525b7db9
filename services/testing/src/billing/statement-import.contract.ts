// The statement import against one entity engine: what a file stores, what a second export changes,
// and that a failure mid-file leaves nothing (run on PGlite and on PostgreSQL by statement-import.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { asc, sql } from 'drizzle-orm';
import { createLogger, schema, statementUploadsOf, type Entities, type JobQueue } from '@tracker/core';
import { openJobQueue } from '@tracker/core/testing';
import { STATEMENT_IMPORT_JOB } from '@tracker/schemas';
import { importStatement, importStatementFile } from '@tracker/workers';
import { DAY_ONE, STATEMENT_COLUMNS, statementCsv, type StatementLine } from './statement-fixture';

export function statementImportContract(open: () => Promise<Entities>): void {
  let entities: Entities;
  let dir: string;
  let n = 0;

  beforeAll(async () => {
    entities = await open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-statements-'));
  });
  afterAll(async () => {
    await entities.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await entities.db.execute(sql`truncate transactions, transaction_day_totals`);
  });

  const file = (content: string) => {
    const p = path.join(dir, `statement-${++n}.csv`);
    fs.writeFileSync(p, content);
    return p;
  };
  const importCsv = (lines: StatementLine[], options?: Parameters<typeof statementCsv>[1]) => importStatementFile(entities.db, file(statementCsv(lines, options)));
  const stored = () =>
    entities.db
      .select({ ref: schema.transactions.referenceId, status: schema.transactions.status, amount: schema.transactions.authBillingAmount, clearDate: schema.transactions.clearDate })
      .from(schema.transactions)
      .orderBy(asc(schema.transactions.id));

  test('a day export: exact amounts, any-case statuses, BOM, quoted commas and line breaks; bad rows skipped by line number', async () => {
    const outcome = await importCsv(DAY_ONE);
    expect(outcome).toEqual({
      ok: true,
      count: 5,
      clearedCount: 2,
      pendingDeclinedCount: 3,
      updatedCount: 0,
      updatedByStatus: { CLEARED: 0, DECLINED: 0 },
      duplicateCount: 0,
      duplicatesByStatus: { PENDING: 0, CLEARED: 0, DECLINED: 0 },
      errorCount: 2,
      warnings: [
        'Line 8: Transaction Date "13/45/26" is not a date (M/D/YY or YYYY-MM-DD)',
        'Line 9: Status "REVERSED" is not one of PENDING, CLEARED, DECLINED',
      ],
    });
    const rows = await entities.db.select().from(schema.transactions).orderBy(asc(schema.transactions.id));
    expect(rows.map((r) => [r.referenceId, r.status, r.authBillingAmount, r.vcnLast4, r.transactionDate?.toISOString().slice(0, 10)])).toEqual([
      ['R-1', 'CLEARED', '1250.00', '1111', '2026-11-02'],
      ['R-2', 'PENDING', '300.50', '1111', '2026-11-03'],
      ['R-3', 'DECLINED', '99.99', '2222', '2026-11-03'],
      ['R-4', 'CLEARED', '-25.00', '2222', '2026-11-04'],
      [null, 'PENDING', '40.00', '3333', '2026-11-04'],
    ]);
    expect(rows[2]!.merchantName).toBe('Facebook, Inc.\nMenlo Park');
    expect(rows[1]!.clearDate).toBeNull();
    expect(rows[4]!.identityKey).toMatch(/^row:/);
  });

  test('uploading the same file again changes nothing: every row a duplicate', async () => {
    await importCsv(DAY_ONE);
    const before = await entities.db.select().from(schema.transactions).orderBy(asc(schema.transactions.id));
    const again = await importCsv(DAY_ONE);
    // Each duplicate by the status its row has: DAY_ONE holds 2 CLEARED, 2 PENDING and 1 DECLINED.
    expect(again).toMatchObject({
      ok: true,
      count: 0,
      clearedCount: 0,
      pendingDeclinedCount: 0,
      updatedCount: 0,
      duplicateCount: 5,
      duplicatesByStatus: { PENDING: 2, CLEARED: 2, DECLINED: 1 },
      errorCount: 2,
    });
    expect(await entities.db.select().from(schema.transactions).orderBy(asc(schema.transactions.id))).toEqual(before);
  });

  test('a later export moves PENDING on to CLEARED or DECLINED (also a row without Reference Id), never back; moves are counted as updates, not as new', async () => {
    await importCsv(DAY_ONE);
    const later: StatementLine[] = [
      { ...DAY_ONE[1]!, status: 'CLEARED', clearDate: '11/6/26' }, // R-2 clears
      { ...DAY_ONE[4]!, status: 'DECLINED' }, // the row without a Reference Id is declined
      { ...DAY_ONE[0]!, status: 'PENDING' }, // R-1 was CLEARED: an older export cannot move it back
      { ...DAY_ONE[2]!, status: 'PENDING' }, // R-3 was DECLINED: neither
      { date: '11/7/26', status: 'CLEARED', amount: '5.00', nickname: 'Alpha Card', last4: '1111', referenceId: 'R-5' },
    ];
    expect(await importCsv(later, { bom: false })).toEqual({
      ok: true,
      count: 3,
      clearedCount: 1,
      pendingDeclinedCount: 0,
      updatedCount: 2,
      updatedByStatus: { CLEARED: 1, DECLINED: 1 },
      duplicateCount: 2,
      duplicatesByStatus: { PENDING: 2, CLEARED: 0, DECLINED: 0 },
      errorCount: 0,
      warnings: [],
    });
    const rows = await stored();
    expect(rows.map((r) => [r.ref, r.status])).toEqual([
      ['R-1', 'CLEARED'],
      ['R-2', 'CLEARED'],
      ['R-3', 'DECLINED'],
      ['R-4', 'CLEARED'],
      [null, 'DECLINED'],
      ['R-5', 'CLEARED'],
    ]);
    expect(rows[1]!.clearDate?.toISOString().slice(0, 10)).toBe('2026-11-06');
    // The summary's per-day totals follow the updates, not the first export.
    const totals = (await entities.db.execute(
      sql`select vcn_nickname as n, status as s, day::text as d, transactions as c, amount::text as a from transaction_day_totals order by 1, 2, 3`,
    )) as unknown as { rows: unknown[] };
    expect(totals.rows).toEqual([
      { n: '', s: 'DECLINED', d: '2026-11-04', c: 1, a: '40.00' },
      { n: 'Alpha Card', s: 'CLEARED', d: '2026-11-02', c: 1, a: '1250.00' },
      { n: 'Alpha Card', s: 'CLEARED', d: '2026-11-03', c: 1, a: '300.50' },
      { n: 'Alpha Card', s: 'CLEARED', d: '2026-11-07', c: 1, a: '5.00' },
      { n: 'Beta Card', s: 'CLEARED', d: '2026-11-04', c: 1, a: '-25.00' },
      { n: 'Beta Card', s: 'DECLINED', d: '2026-11-03', c: 1, a: '99.99' },
    ]);
    // And a PENDING row arriving after its CLEARED one in the same file keeps CLEARED.
    expect(await importCsv([{ ...later[4]!, referenceId: 'R-6', status: 'CLEARED' }, { ...later[4]!, referenceId: 'R-6', status: 'PENDING' }])).toMatchObject({
      count: 1,
      clearedCount: 1,
      duplicateCount: 1,
      duplicatesByStatus: { PENDING: 1, CLEARED: 0, DECLINED: 0 },
    });
  });

  test('columns are matched by name in any order; extra columns are ignored', async () => {
    const shuffled = [...STATEMENT_COLUMNS].reverse();
    const outcome = await importCsv(DAY_ONE.slice(0, 2), { columns: [...shuffled, 'Some New Column'] });
    expect(outcome).toMatchObject({ ok: true, count: 2 });
    expect((await stored()).map((r) => r.amount)).toEqual(['1250.00', '300.50']);
  });

  test('a file that is not a statement is refused whole and stores nothing', async () => {
    const withoutStatus = STATEMENT_COLUMNS.filter((c) => c !== 'Status' && c !== 'VCN Last 4');
    expect(await importCsv(DAY_ONE, { columns: withoutStatus })).toEqual({
      ok: false,
      error: 'The file is missing required columns: Status, VCN Last 4',
      details: expect.any(Array),
    });
    expect(await importStatementFile(entities.db, file(''))).toMatchObject({ ok: false, error: 'The file is empty' });
    expect(await importStatementFile(entities.db, file(`${STATEMENT_COLUMNS.join(',')}\n`))).toMatchObject({ ok: false, error: 'The file has no transactions' });
    // Rows are read and written before the broken quote is reached: the refusal rolls them back.
    const broken = `${statementCsv(DAY_ONE)}"unterminated,${'x'.repeat(20)}\n1/1/26,"CLEARED`;
    expect(await importStatementFile(entities.db, file(broken), { batchSize: 2 })).toMatchObject({ ok: false, error: 'The file is not a valid CSV file' });
    expect(await importStatementFile(entities.db, file('%PDF-1.7\n\u0000\u0001binary'))).toMatchObject({ ok: false });
    expect(await stored()).toEqual([]);
  });

  test('a binary file saved as .csv is refused in words a person can read, never with its bytes', async () => {
    const binary = (bytes: number[]) => {
      const p = path.join(dir, `binary-${++n}.csv`);
      fs.writeFileSync(p, Buffer.from(bytes));
      return p;
    };
    // An executable's start: csv-parse stops at the quote and would quote the bytes around it.
    const elf = [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x22, 0x00, 0x00, 0xff, 0xfe, 0x03, ...Array.from({ length: 3000 }, (_, i) => (i * 37) % 256)];
    // Bytes that are not UTF-8 and no NUL: the header row itself is garbage.
    const noise = [0x89, 0x50, 0x4e, 0x47, 0x2c, 0xc3, 0x28, 0x2c, 0xa0, 0xa1, 0x0a, 0x31, 0x2c, 0xe2, 0x82, 0x0a];
    for (const bytes of [elf, noise]) {
      const outcome = await importStatementFile(entities.db, binary(bytes));
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      for (const text of [outcome.error, ...outcome.details]) {
        expect(text).not.toMatch(/[\p{Cc}\ufffd]/u);
        expect(text.length).toBeLessThanOrEqual(300);
      }
    }
    expect(await importStatementFile(entities.db, binary(elf))).toEqual({
      ok: false,
      error: 'The file is not a CSV text file',
      details: [expect.stringMatching(/^Line 1 holds binary data/)],
    });
  });

  test('a crash mid-file leaves nothing; the queue retries the job and it counts each row once', async () => {
    const big: StatementLine[] = Array.from({ length: 40 }, (_, i) => ({
      date: '11/10/26',
      status: i % 3 === 0 ? 'PENDING' : 'CLEARED',
      amount: `${i + 1}.25`,
      nickname: 'Alpha Card',
      last4: '1111',
      referenceId: `K-${i}`,
    }));
    const path1 = file(statementCsv(big));
    let seenRows = -1;
    await expect(
      importStatementFile(entities.db, path1, {
        batchSize: 10,
        afterBatch: async (rowsRead) => {
          seenRows = rowsRead;
          if (rowsRead >= 20) {
            // Rows written so far are visible inside the transaction only.
            throw new Error('worker killed');
          }
        },
      }),
    ).rejects.toThrow('worker killed');
    expect(seenRows).toBe(20);
    expect(await stored()).toEqual([]);

    const queue: JobQueue = await openJobQueue({ db: entities.db, prefix: `stmt-${Date.now()}`, onError: () => {} });
    let crashes = 0;
    queue.register(
      STATEMENT_IMPORT_JOB,
      importStatement(
        { db: entities.db, logger: createLogger('silent') },
        {
          batchSize: 10,
          afterBatch: async (rowsRead) => {
            if (rowsRead >= 30 && crashes === 0) {
              crashes += 1;
              throw new Error('worker killed');
            }
          },
        },
      ),
    );
    await queue.start();
    try {
      // The job reads the upload from the entity store, as the api leaves it for the workers.
      const uploadId = `upload-${Date.now()}`;
      await statementUploadsOf(entities.db).put(uploadId, 'big.csv', fs.readFileSync(path1));
      const id = await queue.enqueue(STATEMENT_IMPORT_JOB, { uploadId, fileName: 'big.csv' }, { attempts: 3, backoffMs: 50 });
      const deadline = Date.now() + 30_000;
      let job = await queue.get(id);
      while (job?.status !== 'completed' && job?.status !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        job = await queue.get(id);
      }
      expect(job?.status).toBe('completed');
      expect(job?.attemptsMade).toBe(2);
      expect(job?.result).toMatchObject({ ok: true, count: 40, clearedCount: 26, pendingDeclinedCount: 14, duplicateCount: 0 });
      const [{ rows, total } = { rows: 0, total: '' }] = await entities.db
        .select({ rows: sql<number>`count(*)::int`, total: sql<string>`sum(${schema.transactions.authBillingAmount})::text` })
        .from(schema.transactions);
      expect(rows).toBe(40);
      expect(total).toBe(String((40 * 41) / 2 + 40 * 0.25) + '.00');
    } finally {
      await queue.close();
    }
  });
}
