import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from '@jest/globals';
import { describeWithRealEngine } from '../testing/real-engines';
import { analyticsContract } from './analytics.contract';
import { openChdbAnalytics } from './chdb-analytics';
import { openClickHouseAnalytics } from './clickhouse-analytics';
import { parseMigration, readMigrations } from './migrate-analytics';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('analytics contract [embedded: chDB]', () => analyticsContract(() => openChdbAnalytics(dir)));

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
