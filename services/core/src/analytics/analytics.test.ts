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

  test("upgrading a store with facts to clicks that record their flow rule: what it held is the default path's, new facts carry their rule", async () => {
    const upgradeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-ch-rule-'));
    const analytics = await openChdbAnalytics(upgradeDir);
    try {
      const migrations = readMigrations(path.join(import.meta.dirname ?? '.', 'migrations'));
      const ruleMigration = migrations.find((m) => m.name === 'click_rule')!;
      await migrateAnalytics(analytics, migrations.filter((m) => m.version < ruleMigration.version));
      const dimensions = (clickId: string, rule?: string) => ({
        click_id: clickId, clicked_at: '2026-05-01 10:00:00.000', campaign_id: 'cmpA', lander_id: 1, offer_id: 2, spark_id: '',
        tiktok_campaign_id: 'tt', tiktok_ad_group_id: '', tiktok_creative_id: '', placement: '', campaign_name: '', ad_group_name: '',
        creative_name: '', ...(rule === undefined ? {} : { rule }),
      });
      const facts = async (clickId: string, rule?: string) => {
        const d = dimensions(clickId, rule);
        await analytics.insert('clicks', [{ ...d, ttclid: '', ip: '', user_agent: '', referrer: '', bot: '', log_partition: 0, log_offset: 0 }]);
        await analytics.insert('exits', [{ ...d, event_id: `x-${clickId}`, exited_at: d.clicked_at, ip: '', user_agent: '', log_partition: 0, log_offset: 0 }]);
        await analytics.insert('conversions', [{
          ...d, event_id: `v-${clickId}`, sign: 1, transaction_id: `t-${clickId}`, converted_at: d.clicked_at, attributed: 1, status: 'approved',
          payout: '2.50', network_offer_id: '', network_offer_name: '', log_partition: 0, log_offset: 0,
        }]);
      };
      await facts('old-click');
      await migrateAnalytics(analytics, migrations);
      // Run again, as a second process racing the first would: the facts already stored are copied once.
      for (const statement of ruleMigration.statements) await analytics.exec(statement);
      await facts('new-click', 'US iPhones');

      const byRule = async (sql: string) => Object.fromEntries((await analytics.query<{ value: string; n: number }>(sql)).map((r) => [r.value, Number(r.n)]));
      // The clicks rollup is the projector's to write (insertClicks); the copy of what was stored is the migration's.
      expect(await byRule("SELECT value, sum(clicks) AS n FROM report_variable_clicks_daily WHERE variable = 'rule' GROUP BY value")).toEqual({ '': 1 });
      expect(await byRule("SELECT value, uniqExactMerge(exited_clicks) AS n FROM report_variable_exits_daily WHERE variable = 'rule' GROUP BY value")).toEqual({ '': 1, 'US iPhones': 1 });
      expect(await byRule("SELECT value, sum(revenue) AS n FROM report_variable_conversions_15m WHERE variable = 'rule' GROUP BY value")).toEqual({ '': 2.5, 'US iPhones': 2.5 });
      // Exits and conversions copy a click's dimensions from click_index, which takes the rule of clicks stored from now on.
      expect(await analytics.query('SELECT click_id, rule FROM click_index ORDER BY click_id')).toEqual([
        { click_id: 'new-click', rule: 'US iPhones' },
        { click_id: 'old-click', rule: '' },
      ]);
    } finally {
      await analytics.close();
      fs.rmSync(upgradeDir, { recursive: true, force: true });
    }
  });
});
