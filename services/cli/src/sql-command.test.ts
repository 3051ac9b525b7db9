// `tracker sql`: which statements it runs, how it prints them, and the embedded store's lock.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { type Analytics, embeddedPaths, insertClicks, loadConfig, lockRecordOf, migrateAnalytics } from '@tracker/core';
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
  await insertClicks(analytics, [click('a', 'cmpA'), click('b', 'cmpA'), click('c', 'cmpB')]);
  await analytics.close();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('which statements run, as the engine parses them', () => {
  let analytics: Analytics;
  beforeAll(async () => {
    analytics = await openChdbAnalytics(embeddedPaths(dataDir).ch, { readOnly: true });
  });
  afterAll(() => analytics.close());

  test.each([
    ['SELECT 1', 'SELECT'],
    ['  select count() from clicks;  ', 'SELECT'],
    ['WITH 1 AS x SELECT x', 'WITH'],
    ['(SELECT 1) UNION ALL (SELECT 2)', 'SELECT'],
    ['-- how many\nSELECT 1', 'SELECT'],
    ['SELECT 1 # a ClickHouse comment', 'SELECT'],
    ['SELECT $$it is a ; string$$ AS text', 'SELECT'],
    ["SELECT name, value FROM system.settings WHERE name = 'readonly'", 'SELECT'],
    ['SHOW TABLES', 'SHOW'],
    ["SHOW SETTINGS LIKE 'max_threads'", 'SHOW'],
    ['DESCRIBE TABLE clicks', 'DESCRIBE'],
    ['EXPLAIN SELECT 1', 'EXPLAIN'],
    ['EXISTS TABLE clicks', 'EXISTS'],
    ["SELECT 'DROP TABLE clicks; --' AS text", 'SELECT'],
    ['SELECT `weird;name` FROM t /* ; */', 'SELECT'],
  ])('%j runs', async (sql, kind) => {
    expect((await readOnlyStatement(analytics, sql)).kind).toBe(kind);
  });

  test('the statement runs as the engine formats it: without comments or a trailing semicolon', async () => {
    expect((await readOnlyStatement(analytics, 'SELECT 1 -- one\n;')).text).toBe('SELECT 1');
  });

  test.each([
    ['DROP TABLE clicks', /read-only statements only .* not DROP/],
    ['INSERT INTO clicks SELECT * FROM clicks', /not INSERT/],
    ['ALTER TABLE clicks DELETE WHERE 1', /not ALTER/],
    ['SET readonly = 0', /not SET/],
    ['KILL QUERY WHERE 1', /not KILL/],
    ['SELECT 1; DROP TABLE clicks', /one statement at a time/],
    ["SELECT 1 # '\n; DROP TABLE clicks -- '", /one statement at a time/],
    ["SELECT 1 INTO OUTFILE '/tmp/x'", /leave out INTO OUTFILE/],
    ['SELECT 1 FORMAT CSV', /leave out FORMAT/],
    ['SELECT 1 SETTINGS readonly = 0', /readonly/],
    ['SELECT * FROM (SELECT 1 SETTINGS max_threads = 1)', /leave out SETTINGS/],
    ["SELECT file('/etc/hostname')", /file\(\) is not available/],
    ["SELECT 'open", /not closed/],
    ['', /Give a statement/],
  ])('%j is refused', async (sql, message) => {
    await expect(readOnlyStatement(analytics, sql)).rejects.toThrow(message);
  });
});

test('the table is aligned, numbers to the right', () => {
  expect(formatTable(['campaign', 'clicks'], [{ campaign: 'cmpA', clicks: 2 }, { campaign: 'a much longer one', clicks: 1234 }])).toBe(
    ['campaign           clicks', '-----------------  ------', 'cmpA                    2', 'a much longer one    1234', '(2 rows)'].join('\n'),
  );
  expect(formatTable(['x'], [])).toBe('x\n-\n(0 rows)');
});

// Every way the text check let a statement out of read-only. Nothing may reach the secrets file, a URL
// or another server (the local servers below count every request and connection), and no row may change.
describe('escapes from read-only, on the embedded store', () => {
  const secrets = path.join(dataDir, 'secrets.json');
  const outfile = path.join(dataDir, 'escaped.tsv');
  let reached = 0;
  const web = http.createServer((_request, response) => {
    reached++;
    response.end('leaked\n');
  });
  const tcp = net.createServer((socket) => {
    reached++;
    socket.destroy();
  });
  let httpUrl = '';
  let tcpAddress = '';
  beforeAll(async () => {
    fs.writeFileSync(secrets, '{"sessionSecret":"not for analysts"}');
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    httpUrl = `http://127.0.0.1:${(web.address() as net.AddressInfo).port}`;
    tcpAddress = `127.0.0.1:${(tcp.address() as net.AddressInfo).port}`;
  });
  beforeEach(() => {
    reached = 0;
    fs.rmSync(outfile, { force: true });
  });
  afterAll(() => {
    web.close();
    tcp.close();
  });

  const escapes: [string, () => string][] = [
    ['readonly = 0 in a subquery', () => "SELECT * FROM (SELECT getSetting('readonly') AS r SETTINGS readonly = 0)"],
    ['file() the function', () => `SELECT length(file('${secrets}'))`],
    ['file() the table, readonly = 0 in a subquery', () => `SELECT * FROM (SELECT * FROM file('${secrets}', 'LineAsString') SETTINGS readonly = 0)`],
    ['url(), readonly = 0 in a subquery', () => `SELECT * FROM (SELECT * FROM url('${httpUrl}/x', 'LineAsString') SETTINGS readonly = 0)`],
    ['s3(), readonly = 0 in a subquery', () => `SELECT * FROM (SELECT * FROM s3('${httpUrl}/bucket/key', 'LineAsString') SETTINGS readonly = 0)`],
    ['remote(), readonly = 0 in a subquery', () => `SELECT * FROM (SELECT * FROM remote('${tcpAddress}', system.one) SETTINGS readonly = 0)`],
    ['SET readonly = 0', () => 'SET readonly = 0'],
    ['a # comment hiding a second statement', () => `SELECT 1 # '\n; SELECT length(file('${secrets}')) -- '`],
    ['a # comment hiding INTO OUTFILE', () => `SELECT 1 # '\nINTO OUTFILE '${outfile}' -- '`],
    ['file() after a -- comment line', () => `SELECT 1 -- '\n, length(file('${secrets}')) -- '`],
    ['a $$ string hiding INTO OUTFILE', () => `SELECT $$'$$ AS x INTO OUTFILE '${outfile}' -- '`],
    ['INSERT', () => 'INSERT INTO clicks SELECT * FROM clicks'],
    ['ALTER', () => 'ALTER TABLE clicks DELETE WHERE 1'],
    ['DROP', () => 'DROP TABLE clicks'],
    ['CREATE', () => 'CREATE TABLE stolen ENGINE = Memory AS SELECT 1'],
    ['two statements', () => 'SELECT 1; DROP TABLE clicks'],
  ];

  test.each(escapes)('%s is refused', async (_name, sql) => {
    await expect(runSql(config, sql())).rejects.toThrow();
    expect(reached).toBe(0);
    expect(fs.existsSync(outfile)).toBe(false);
    expect(await runSql(config, 'SELECT count() AS clicks FROM clicks')).toContain('     3');
  });

  test('SELECT ... FROM system.settings runs, and shows readonly fixed at 1', async () => {
    expect(await runSql(config, "SELECT name, value FROM system.settings WHERE name = 'readonly'")).toBe(
      ['name      value', '--------  -----', 'readonly  1', '(1 row)'].join('\n'),
    );
  });
});

describe('on the embedded store', () => {
  test('prints the result in the statement’s column order', async () => {
    const out = await runSql(config, 'SELECT campaign_id, count() AS clicks, 1 FROM clicks GROUP BY campaign_id ORDER BY campaign_id');
    expect(out).toBe(['campaign_id  clicks  1', '-----------  ------  -', 'cmpA              2  1', 'cmpB              1  1', '(2 rows)'].join('\n'));
  });

  test('refuses while another tracker process holds DATA_DIR', async () => {
    // The parent process stands in for a running `tracker all`.
    fs.writeFileSync(path.join(dataDir, 'tracker.lock'), lockRecordOf(process.ppid));
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
