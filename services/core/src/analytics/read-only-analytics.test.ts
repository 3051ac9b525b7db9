// The read-only embedded engine (`tracker sql`): the engine itself refuses every write, every settings change
// and every table function that reaches outside the store, whatever the statement's text looks like.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Analytics } from './analytics';
import { openChdbAnalytics } from './chdb-analytics';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-ro-'));
const secrets = path.join(dir, 'secrets.json');
let analytics: Analytics;

beforeAll(async () => {
  fs.writeFileSync(secrets, '{"sessionSecret":"not for analysts"}');
  const writable = await openChdbAnalytics(path.join(dir, 'ch'));
  await writable.exec('CREATE TABLE facts (n UInt64) ENGINE = MergeTree ORDER BY n');
  await writable.insert('facts', [{ n: 1 }, { n: 2 }, { n: 3 }]);
  await writable.close();
  analytics = await openChdbAnalytics(path.join(dir, 'ch'), { readOnly: true });
});
afterAll(async () => {
  await analytics?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const facts = async () => (await analytics.query<{ n: number }>('SELECT count() AS n FROM facts'))[0]!.n;

describe('a read-only chDB', () => {
  test('reads, with the same JSON number formats as a writable one', async () => {
    expect(await analytics.query('SELECT sum(n) AS total, toDecimal64(1.5, 2) AS money FROM facts')).toEqual([{ total: 6, money: '1.50' }]);
  });

  test('reads system.settings, where readonly is 1', async () => {
    expect(await analytics.query("SELECT value FROM system.settings WHERE name = 'readonly'")).toEqual([{ value: '1' }]);
  });

  test.each([
    ['SET readonly = 0', /readonly/],
    ["SELECT getSetting('readonly') SETTINGS readonly = 0", /readonly/],
    ['SET max_threads = 1', /readonly mode/],
  ])('%s: the profile keeps readonly = 1', async (sql, message) => {
    await expect(analytics.query(sql)).rejects.toThrow(message);
    expect(await analytics.query("SELECT getSetting('readonly') AS r")).toEqual([{ r: 1 }]);
  });

  test.each([
    [`SELECT * FROM file('${secrets}', 'LineAsString')`, /READ ON FILE/],
    [`SELECT * FROM '${secrets}'`, /READ ON FILE/],
    ["SELECT * FROM url('http://127.0.0.1:9/x', 'LineAsString')", /READ ON URL/],
    ["SELECT * FROM s3('http://127.0.0.1:9/bucket/x', 'LineAsString')", /READ ON S3/],
    ["SELECT * FROM remote('127.0.0.1:9', system.one)", /READ ON REMOTE/],
    ["SELECT * FROM executable('ls', 'LineAsString', 'x String')", /CREATE TEMPORARY TABLE/],
    [`SELECT * FROM (SELECT * FROM file('${secrets}', 'LineAsString') SETTINGS readonly = 0)`, /READ ON FILE/],
  ])('%s: no table function reaches outside the store', async (sql, message) => {
    await expect(analytics.query(sql)).rejects.toThrow(message);
  });

  test.each([
    'INSERT INTO facts VALUES (4)',
    'ALTER TABLE facts DELETE WHERE 1',
    'ALTER TABLE facts ADD COLUMN x UInt8',
    'DROP TABLE facts',
    'TRUNCATE TABLE facts',
    'CREATE TABLE other (n UInt8) ENGINE = Memory',
    'CREATE TEMPORARY TABLE other (n UInt8)',
    'OPTIMIZE TABLE facts FINAL',
    "INSERT INTO FUNCTION file('/tmp/tracker-read-only-escape.csv', 'CSV', 'n UInt64') SELECT 1",
  ])('%s: the engine refuses to write', async (sql) => {
    await expect(analytics.exec(sql)).rejects.toThrow(/Not enough privileges|readonly/i);
    expect(await facts()).toBe(3);
  });

  test('cannot open read-only beside a writable connection of the same process', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-ro-other-'));
    await analytics.close();
    const writable = await openChdbAnalytics(other);
    try {
      await expect(openChdbAnalytics(other, { readOnly: true })).rejects.toThrow(/already open with write access/);
    } finally {
      await writable.close();
      analytics = await openChdbAnalytics(path.join(dir, 'ch'), { readOnly: true });
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});
