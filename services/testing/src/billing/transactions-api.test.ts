// /api/transactions over HTTP on both entity engines: PGlite always, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe } from '@jest/globals';
import { migrateAnalytics, type Analytics } from '@tracker/core';
import { createTemporaryDatabase, describeWithRealEngine, openChdbAnalytics, openEntities } from '@tracker/core/testing';
import { transactionsApiContract } from './transactions-api.contract';

// The API wants its analytics store; billing never reads it. One chDB per process, shared by both suites.
let analytics: Analytics;
const chDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-billing-ch-'));
beforeAll(async () => {
  analytics = await openChdbAnalytics(chDir);
  await migrateAnalytics(analytics);
}, 60_000);
afterAll(async () => {
  await analytics.close();
  fs.rmSync(chDir, { recursive: true, force: true });
});

describe('transactions API [embedded: PGlite]', () => {
  transactionsApiContract(() => openEntities({ pgliteDir: 'memory://' }), () => analytics);
});

describeWithRealEngine('DATABASE_URL', 'transactions API', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTemporaryDatabase>>;
  beforeAll(async () => {
    database = await createTemporaryDatabase(serverUrl);
  });
  afterAll(async () => {
    await database.drop();
  });
  transactionsApiContract(() => openEntities({ databaseUrl: database.url }), () => analytics);
});
