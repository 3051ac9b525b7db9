// `tracker sql`: which statements it runs, how it prints them, and the embedded store's lock.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { embeddedPaths, loadConfig, migrateAnalytics } from '@tracker/core';
import { openChdbAnalytics } from '@tracker/core/testing';
import { formatTable, readOnlyStatement, runSql } from './sql-command';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-sql-'));
const config = loadConfig({ DATA_DIR: dataDir });
const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/tracker.js');

beforeAll(async () => {
  const analytics = await openChdbAnalytics(embeddedPaths(dataDir).ch);
  await migrateAnalytics(analytics);
  const click = (id: string, campaign: string) => ({
    click_id: id, clicked_at: '2026-05-01 12:00:00.000', campaign_id: campaign, lander_id: 0, offer_id: 0, spark_id: '',
    tiktok_campaign_id: '', tiktok_ad_group_id: '', tiktok_creative_id: '', placement: '', campaign_name: '', ad_group_name: '',
    creative_name: '', ttclid: '', ip: '', user_agent: '', referrer: '', bot: '', log_partition: 0, log_offset: 0,
  });
  await analytics.insert('clicks', [click('a', 'cmpA'), click('b', 'cmpA'), click('c', 'cmpB')]);
  await analytics.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('which statements run', () => {
  test.each([
    ['SELECT 1', 'SELECT'],
    ['  select count() from clicks;  ', 'SELECT'],
    ['WITH 1 AS x SELECT x', 'WITH'],
    ['(SELECT 1) UNION ALL (SELECT 2)', 'SELECT'],
    ['-- how many\nSELECT 1', 'SELECT'],
    ['SHOW TABLES', 'SHOW'],
    ['SHOW SETTINGS LIKE \'max_threads\'', 'SHOW'],
    ['DESCRIBE TABLE clicks', 'DESCRIBE'],
    ['EXPLAIN SELECT 1', 'EXPLAIN'],
    ["SELECT 'DROP TABLE clicks; --' AS text", 'SELECT'],
    ['SELECT `weird;name` FROM t /* ; */', 'SELECT'],
  ])('%j runs', (sql, kind) => {
    expect(readOnlyStatement(sql).kind).toBe(kind);
  });

  test('a trailing semicolon is dropped', () => {
    expect(readOnlyStatement('SELECT 1 ;').text).toBe('SELECT 1');
  });

  test.each([
    ['DROP TABLE clicks', /read-only statements only .* not DROP/],
    ['INSERT INTO clicks SELECT * FROM clicks', /not INSERT/],
    ['ALTER TABLE clicks DELETE WHERE 1', /not ALTER/],
    ['SET readonly = 0', /not SET/],
    ['SELECT 1; DROP TABLE clicks', /one statement at a time/],
    ['SELECT 1;;', /one statement at a time/],
    ["SELECT 1 INTO OUTFILE '/tmp/x'", /leave out INTO OUTFILE/],
    ['SELECT 1 FORMAT CSV', /leave out FORMAT/],
    ['SELECT 1 SETTINGS readonly = 0', /leave out SETTINGS/],
    ["SELECT 'open", /Unterminated string/],
    ['', /Give a statement/],
  ])('%j is refused', (sql, message) => {
    expect(() => readOnlyStatement(sql)).toThrow(message);
  });
});

test('the table is aligned, numbers to the right', () => {
  expect(formatTable(['campaign', 'clicks'], [{ campaign: 'cmpA', clicks: 2 }, { campaign: 'a much longer one', clicks: 1234 }])).toBe(
    ['campaign           clicks', '-----------------  ------', 'cmpA                    2', 'a much longer one    1234', '(2 rows)'].join('\n'),
  );
  expect(formatTable(['x'], [])).toBe('x\n-\n(0 rows)');
});

describe('on the embedded store', () => {
  test('prints the result in the statement’s column order', async () => {
    const out = await runSql(config, 'SELECT campaign_id, count() AS clicks, 1 FROM clicks GROUP BY campaign_id ORDER BY campaign_id');
    expect(out).toBe(['campaign_id  clicks  1', '-----------  ------  -', 'cmpA              2  1', 'cmpB              1  1', '(2 rows)'].join('\n'));
  });

  test('the engine refuses writes even where the text check cannot see them', async () => {
    await expect(runSql(config, "SELECT * FROM file('/etc/hostname', 'LineAsString')")).rejects.toThrow(/readonly/i);
  });

  test('refuses while another tracker process holds DATA_DIR', async () => {
    // The parent process stands in for a running `tracker all`.
    fs.writeFileSync(path.join(dataDir, 'tracker.lock'), String(process.ppid));
    try {
      await expect(runSql(config, 'SELECT 1')).rejects.toThrow(/which a running tracker holds .* Stop it first, or set CLICKHOUSE_URL/);
    } finally {
      fs.rmSync(path.join(dataDir, 'tracker.lock'), { force: true });
    }
  });

  test('`tracker sql` as a command: a table on stdout, or a refusal and exit code 1', () => {
    const { DATABASE_URL: _d, CLICKHOUSE_URL: _c, KAFKA_BROKERS: _k, REDIS_URL: _r, ...env } = process.env;
    const run = (sql: string) => spawnSync(process.execPath, [bin, 'sql', sql], { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' });
    const ok = run('SELECT count() AS clicks FROM clicks');
    expect({ status: ok.status, stdout: ok.stdout }).toEqual({ status: 0, stdout: 'clicks\n------\n     3\n(1 row)\n' });
    const refused = run('TRUNCATE TABLE clicks');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/read-only statements only/);
    expect(run('SELECT count() AS clicks FROM clicks').stdout).toContain('     3');
  });
});
