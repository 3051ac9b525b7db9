// /api/transactions end to end over HTTP on one entity engine: uploads run as import jobs on the queue
// and answer the spec's counts; reads are paged, filtered, summed and scoped to a user's VCNs by the server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createHttpServer, createLogger, schema, type Analytics, type Entities, type JobQueue } from '@tracker/core';
import { openJobQueue } from '@tracker/core/testing';
import { hashPassword, registerApi } from '@tracker/api';
import { STATEMENT_IMPORT_JOB, type TransactionPage, type TransactionSummary } from '@tracker/schemas';
import { importStatement } from '@tracker/workers';
import { DAY_ONE, STATEMENT_COLUMNS, statementCsv, type StatementLine } from './statement-fixture';

export function multipart(fileName: string, content: string | Buffer, field = 'file') {
  const boundary = `----tracker${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function transactionsApiContract(open: () => Promise<Entities>, analytics: () => Analytics): void {
  let entities: Entities;
  let queue: JobQueue;
  let app: FastifyInstance;
  const cookies: Record<string, string> = {};
  const userIds: Record<string, number> = {};

  beforeAll(async () => {
    entities = await open();
    const logger = createLogger(process.env.BILLING_DEBUG ? 'error' : 'silent');
    queue = await openJobQueue({ db: entities.db, onError: () => {} });
    queue.register(STATEMENT_IMPORT_JOB, importStatement({ db: entities.db, logger }));
    await queue.start();
    app = createHttpServer({ logger, trustProxy: false });
    await registerApi(app, {
      db: entities.db,
      analytics: analytics(),
      changes: entities.changes,
      sessionSecret: 's'.repeat(32),
      secretsKey: Buffer.alloc(32, 7),
      tiktokApiUrl: 'http://127.0.0.1:9',
      logger,
      webDist: '/nonexistent',
      queue,
    });
    await app.ready();
    const password = await hashPassword('contract-password');
    for (const [name, role] of [['admin', 'admin'], ['beta', 'user'], ['nobody', 'user']] as const) {
      const [user] = await entities.db.insert(schema.users).values({ username: `${name}-${randomUUID().slice(0, 6)}`, password, role }).returning();
      userIds[name] = user!.id;
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: user!.username, password: 'contract-password' } });
      cookies[name] = String(res.headers['set-cookie']).split(';')[0]!;
    }
    await entities.db.insert(schema.userVcnAssignments).values({ userId: userIds.beta!, vcnNickname: 'Beta Card' });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await queue.close();
    await entities.close();
  });

  const upload = (who: string, fileName: string, content: string | Buffer) => {
    const body = multipart(fileName, content);
    return app.inject({ method: 'POST', url: '/api/transactions/upload', payload: body.payload, headers: { ...body.headers, cookie: cookies[who]! } });
  };
  const get = async <T>(who: string, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };
  const count = async () => (await entities.db.select().from(schema.transactions)).length;

  test('an upload runs as an import job and answers the counts; the same file again is all duplicates', async () => {
    const first = await upload('admin', 'statement.csv', statementCsv(DAY_ONE));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      count: 5,
      clearedCount: 2,
      pendingDeclinedCount: 3,
      updatedCount: 0,
      updatedByStatus: { CLEARED: 0, DECLINED: 0 },
      duplicateCount: 0,
      duplicatesByStatus: { PENDING: 0, CLEARED: 0, DECLINED: 0 },
      errorCount: 2,
      warnings: [expect.stringMatching(/^Line 8: /), expect.stringMatching(/^Line 9: /)],
    });
    const again = await upload('admin', 'statement.CSV', statementCsv(DAY_ONE));
    expect(again.json()).toMatchObject({ count: 0, duplicateCount: 5, errorCount: 2 });
    expect(await count()).toBe(5);
    // The uploaded file is removed once its job answered.
    expect(await entities.db.select().from(schema.statementUploads)).toEqual([]);
  }, 60_000);

  test('refusals answer { error, details } and store nothing; only admins upload', async () => {
    const before = await count();
    const cut = multipart('statement.csv', statementCsv(DAY_ONE));
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/transactions/upload',
      payload: cut.payload.subarray(0, cut.payload.length - 30),
      headers: { ...cut.headers, cookie: cookies.admin! },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: 'The upload was cut off or is not multipart form data' });
    const notCsv = await upload('admin', 'statement.xlsx', 'PK\u0003\u0004');
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json()).toMatchObject({ error: 'Only .csv files can be uploaded', details: [expect.any(String)] });
    const missing = await upload('admin', 'other.csv', statementCsv(DAY_ONE, { columns: STATEMENT_COLUMNS.filter((c) => c !== 'Reference Id') }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'The file is missing a required column: Reference Id' });
    const empty = await upload('admin', 'empty.csv', '');
    expect(empty.json()).toMatchObject({ error: 'The file is empty' });
    const tooLarge = await upload('admin', 'huge.csv', Buffer.concat([Buffer.from(statementCsv(DAY_ONE)), Buffer.alloc(50 * 1024 * 1024, 'x')]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'The file is larger than 50 MB' });
    expect((await upload('beta', 'statement.csv', statementCsv(DAY_ONE))).statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect(await entities.db.select().from(schema.statementUploads)).toEqual([]);
  }, 120_000);

  test('the list: 50 a page, newest first, filters by status, VCN last 4 and amount range, on the server', async () => {
    const many: StatementLine[] = Array.from({ length: 120 }, (_, i) => ({
      date: `10/${(i % 28) + 1}/26`,
      status: i % 4 === 0 ? 'PENDING' : 'CLEARED',
      amount: `${(i + 1) * 2}.00`,
      nickname: i % 2 ? 'Gamma Card' : 'Beta Card',
      last4: i % 2 ? '4444' : '2222',
      referenceId: `M-${i}`,
    }));
    expect((await upload('admin', 'october.csv', statementCsv(many))).json()).toMatchObject({ count: 120 });
    const page1 = await get<TransactionPage>('admin', '/api/transactions');
    expect(page1.total).toBe(125);
    expect(page1.pageSize).toBe(50);
    expect(page1.transactions).toHaveLength(50);
    const dates = page1.transactions.map((t) => t.transactionDate ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates[0]!.slice(0, 10)).toBe('2026-11-04');
    const page3 = await get<TransactionPage>('admin', '/api/transactions?page=3');
    expect(page3.transactions).toHaveLength(25);
    const pages = [page1, await get<TransactionPage>('admin', '/api/transactions?page=2'), page3].flatMap((p) => p.transactions.map((t) => t.id));
    expect(new Set(pages).size).toBe(125);

    const filtered = await get<TransactionPage>('admin', '/api/transactions?status=PENDING&vcnLast4=4444&minAmount=20&maxAmount=%24100.00');
    expect(filtered.transactions.every((t) => t.status === 'PENDING' && t.vcnLast4 === '4444')).toBe(true);
    expect(filtered.transactions.map((t) => t.authBillingAmount).sort()).toEqual([]);
    const cleared = await get<TransactionPage>('admin', '/api/transactions?status=cleared&vcnLast4=2222&minAmount=20&maxAmount=100');
    const amounts = cleared.transactions.map((t) => Number(t.authBillingAmount));
    expect(cleared.total).toBe(amounts.length);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((a) => a >= 20 && a <= 100)).toBe(true);
    expect(cleared.transactions.every((t) => t.status === 'CLEARED' && t.vcnLast4 === '2222')).toBe(true);
    const bad = await app.inject({ method: 'GET', url: '/api/transactions?minAmount=abc', headers: { cookie: cookies.admin! } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.stringContaining('minAmount') });
    // What a number field lets people type: an exponent is an amount; junk is a 400 with a message, never a dropped request.
    expect((await get<TransactionPage>('admin', '/api/transactions?minAmount=1e2&maxAmount=1.2e2')).transactions.every((t) => Number(t.authBillingAmount) >= 100 && Number(t.authBillingAmount) <= 120)).toBe(true);
    expect((await get<TransactionPage>('admin', '/api/transactions?minAmount=1e2&maxAmount=1.2e2')).total).toBeGreaterThan(0);
    for (const junk of ['1e', '-', '.', '1e3e3', '%E2%80%94', 'Infinity', 'NaN', '1'.repeat(300), '1e999', '0x10']) {
      const res = await app.inject({ method: 'GET', url: `/api/transactions?maxAmount=${junk}`, headers: { cookie: cookies.admin! } });
      expect([res.statusCode, res.json()]).toEqual([400, { message: expect.stringContaining('maxAmount') }]);
    }
  }, 60_000);

  test('the cards and the VCN Spend Summary are summed in SQL: DECLINED out, Unknown VCN, largest first, date range', async () => {
    await entities.db.delete(schema.transactions);
    await upload('admin', 'statement.csv', statementCsv(DAY_ONE));
    const summary = await get<TransactionSummary>('admin', '/api/transactions/summary');
    expect(summary).toEqual({
      total: { count: 4, amount: '1565.50' },
      pending: { count: 2, amount: '340.50' },
      cleared: { count: 2, amount: '1225.00' },
      declined: { count: 1, amount: '99.99' },
      spendByVcn: [
        { vcnNickname: 'Alpha Card', transactions: 2, totalSpend: '1550.50' },
        { vcnNickname: 'Unknown VCN', transactions: 1, totalSpend: '40.00' },
        { vcnNickname: 'Beta Card', transactions: 1, totalSpend: '-25.00' },
      ],
      spendTotal: { vcnNickname: 'Total', transactions: 4, totalSpend: '1565.50' },
    });
    const ranged = await get<TransactionSummary>('admin', '/api/transactions/summary?startDate=2026-11-03&endDate=2026-11-03');
    expect(ranged.spendByVcn).toEqual([{ vcnNickname: 'Alpha Card', transactions: 1, totalSpend: '300.50' }]);
    const none = await get<TransactionSummary>('admin', '/api/transactions/summary?startDate=2027-01-01');
    expect(none.spendByVcn).toEqual([]);
    const backwards = await app.inject({ method: 'GET', url: '/api/transactions/summary?startDate=2026-11-05&endDate=2026-11-01', headers: { cookie: cookies.admin! } });
    expect(backwards.statusCode).toBe(400);
  }, 60_000);

  test('a user sees only the VCNs assigned to them, everywhere; with none assigned, nothing', async () => {
    const mine = await get<TransactionPage>('beta', '/api/transactions');
    expect(mine.transactions.map((t) => t.vcnNickname)).toEqual(['Beta Card', 'Beta Card']);
    expect(mine.total).toBe(2);
    // Filtering for someone else's card finds nothing rather than their rows.
    expect((await get<TransactionPage>('beta', '/api/transactions?vcnLast4=1111')).total).toBe(0);
    const summary = await get<TransactionSummary>('beta', '/api/transactions/summary');
    expect(summary.total).toEqual({ count: 1, amount: '-25.00' });
    expect(summary.declined).toEqual({ count: 1, amount: '99.99' });
    expect(summary.spendByVcn.map((r) => r.vcnNickname)).toEqual(['Beta Card']);
    expect(await get('beta', '/api/transactions/vcns')).toEqual({ last4s: ['2222'], nicknames: ['Beta Card'], assignedNicknames: ['Beta Card'] });
    expect(await get('admin', '/api/transactions/vcns')).toEqual({ last4s: ['1111', '2222', '3333'], nicknames: ['Alpha Card', 'Beta Card'], assignedNicknames: null });
    // The Users screen's options are the nicknames of the uploaded transactions.
    expect(await get('admin', '/api/users/vcn-options')).toEqual(['Alpha Card', 'Beta Card']);

    expect(await get('nobody', '/api/transactions')).toEqual({ transactions: [], total: 0, page: 1, pageSize: 50 });
    const nothing = await get<TransactionSummary>('nobody', '/api/transactions/summary');
    expect(nothing.total).toEqual({ count: 0, amount: '0.00' });
    expect(nothing.spendByVcn).toEqual([]);
    // The screen tells a user without cards to ask an admin, rather than to upload (which only admins can).
    expect(await get('nobody', '/api/transactions/vcns')).toEqual({ last4s: [], nicknames: [], assignedNicknames: [] });
    expect((await app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  }, 60_000);
}
