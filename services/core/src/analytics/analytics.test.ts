import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startChdbHttpProcess, type ChdbHttpProcess } from '../testing/chdb-http';
import { describeWithRealEngine } from '../testing/real-engines';
import { analyticsContract } from './analytics.contract';
import { openChdbAnalytics } from './chdb-analytics';
import { openClickHouseAnalytics } from './clickhouse-analytics';
import { migrateAnalytics, parseMigration, readMigrations } from './migrate-analytics';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('analytics contract [embedded: chDB]', () => analyticsContract(() => openChdbAnalytics(dir)));

// The server code path (@clickhouse/client over HTTP) on this machine too: ClickHouse's HTTP interface in
// front of chDB, in a process of its own (see chdb-http.ts).
describe('analytics contract [ClickHouse HTTP interface, served by chDB]', () => {
  const httpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-http-'));
  let server: ChdbHttpProcess;
  beforeAll(async () => {
    server = await startChdbHttpProcess(httpDir);
  });
  analyticsContract(() => openClickHouseAnalytics(server.url));
  // After the contract's own afterAll, which drops its tables through the server.
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(httpDir, { recursive: true, force: true });
  });
});

describeWithRealEngine('CLICKHOUSE_URL', 'analytics contract', (url) =>
  analyticsContract(() => openClickHouseAnalytics(url)),
);

describe('analytics migration files', () => {
  test('split into statements, comments dropped', () => {
    const m = parseMigration('0007_rollups.sql', '-- header\nCREATE TABLE a (x UInt8) ENGINE = Memory;\n\nCREATE TABLE b (y String) ENGINE = Memory;\n');
    expect(m).toEqual({
      version: 7,
      name: 'rollups',
      statements: ['CREATE TABLE a (x UInt8) ENGINE = Memory', 'CREATE TABLE b (y String) ENGINE = Memory'],
    });
  });
  test('a badly named file is refused', () => {
    expect(() => parseMigration('rollups.sql', '')).toThrow(/NNNN_name\.sql/);
  });
  test('the shipped migrations parse and have distinct versions', () => {
    expect(() => readMigrations(path.join(import.meta.dirname ?? '.', 'migrations'))).not.toThrow();
  });
});

describe('analytics migrations on the embedded engine', () => {
  test('event positions are kept 30 days from when they were stored', async () => {
    const analytics = await openChdbAnalytics(dir);
    try {
      await migrateAnalytics(analytics);
      const [table] = await analytics.query<{ engine_full: string }>(
        "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name = 'event_positions'",
      );
      expect(table?.engine_full).toContain('TTL stored_at + toIntervalDay(30)');
      await analytics.insert('event_positions', [{ event_id: 'e-1', log_partition: 0, log_offset: 7 }]);
      const [row] = await analytics.query<{ age: number }>("SELECT now() - stored_at AS age FROM event_positions WHERE event_id = 'e-1'");
      expect(row!.age).toBeGreaterThanOrEqual(0);
      expect(row!.age).toBeLessThan(60);
    } finally {
      await analytics.close();
    }
  });
});
