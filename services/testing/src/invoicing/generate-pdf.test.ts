// POST .../generate-pdf end to end: the api enqueues the invoice-pdf job, a workers queue (in-process on
// PGlite, BullMQ on Redis with PostgreSQL) renders it, and the request answers with the job's result,
// { pdfBase64, filename }; the invoice is then listed as pdfGenerated. Unknown invoices are a 404.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createHttpServer, createLogger, schema, type Analytics, type Entities, type JobQueue } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openChdbAnalytics, openEntities, openJobQueue, realEngineUrls } from '@tracker/core/testing';
import { hashPassword, registerApi } from '@tracker/api';
import { registerProcessors } from '@tracker/workers';

interface Engines {
  entities: Entities;
  queue: JobQueue;
  close(): Promise<void>;
}

function generatePdfContract(open: () => Promise<Engines>) {
  const logger = createLogger('silent');
  let engines: Engines;
  let analytics: Analytics;
  let chDir: string;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    engines = await open();
    chDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-invoice-pdf-ch-'));
    analytics = await openChdbAnalytics(chDir);
    const deps = { db: engines.entities.db, analytics, secretsKey: Buffer.alloc(32, 5), tiktokApiUrl: 'http://127.0.0.1:9', logger };
    registerProcessors(engines.queue, deps);
    await engines.queue.start();
    app = createHttpServer({ logger, trustProxy: false });
    await registerApi(app, { ...deps, changes: engines.entities.changes, queue: engines.queue, sessionSecret: 'p'.repeat(32), webDist: '/nonexistent' });
    await app.ready();
    await engines.entities.db.insert(schema.users).values({ username: 'pdf-admin', password: await hashPassword('pdf-password'), role: 'admin' });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'pdf-admin', password: 'pdf-password' } });
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await engines.queue.close();
    await analytics.close();
    fs.rmSync(chDir, { recursive: true, force: true });
    await engines.close();
  });

  test('the request waits for the worker and answers with the PDF; the invoice is marked generated', async () => {
    const created = await app.inject({
      method: 'POST', url: '/api/advertiser-invoices', headers: { cookie },
      payload: { companyName: 'Acme Offers Ltd', invoiceDate: '2026-11-25', period: '2026-11-16 to 2026-11-22', payTerms: 'Net 15', lineItems: JSON.stringify([{ description: 'Traffic', amount: '1,000.50' }]) },
    });
    expect(created.statusCode).toBe(201);
    const invoice = created.json<{ id: number; invoiceNumber: string }>();

    const res = await app.inject({ method: 'POST', url: `/api/advertiser-invoices/${invoice.id}/generate-pdf`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { pdfBase64, filename } = res.json<{ pdfBase64: string; filename: string }>();
    expect(filename).toBe(`${invoice.invoiceNumber}.pdf`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(pdfBase64, 'base64') }).toString('utf8');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toMatch(/Traffic\s+\$1,000\.50/);
    expect(text).toContain('Dec 9, 2026');

    const list = (await app.inject({ method: 'GET', url: '/api/advertiser-invoices', headers: { cookie } })).json<Array<{ id: number; pdfGenerated: boolean }>>();
    expect(list.find((i) => i.id === invoice.id)!.pdfGenerated).toBe(true);
  }, 120_000);

  test('an unknown invoice is a 404 and enqueues nothing', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/publisher-invoices/424242/generate-pdf', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Publisher invoice not found' });
  });
}

describe('generate-pdf [PGlite, in-process queue]', () => {
  generatePdfContract(async () => {
    const entities = await openEntities({ pgliteDir: 'memory://' });
    const queue = await openJobQueue({ db: entities.db });
    return { entities, queue, close: () => entities.close() };
  });
});

describeWithRealEngine('REDIS_URL', 'generate-pdf [PostgreSQL, BullMQ]', (redisUrl) => {
  generatePdfContract(async () => {
    const databaseUrl = realEngineUrls().DATABASE_URL;
    if (!databaseUrl) throw new Error('DATABASE_URL is needed beside REDIS_URL');
    const database = await createTemporaryDatabase(databaseUrl);
    const entities = await openEntities({ databaseUrl: database.url });
    const queue = await openJobQueue({ db: entities.db, redisUrl, prefix: `invoice-pdf-${randomUUID()}` });
    return { entities, queue, close: async () => { await entities.close(); await database.drop(); } };
  });
});
