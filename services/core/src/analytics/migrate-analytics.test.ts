// An analytics migration that fails says which file and statement failed, keeps the data, is not recorded as
// applied, and the next start, once the cause is fixed, resumes from it (its statements are idempotent).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Analytics } from './analytics';
import { openChdbAnalytics } from './chdb-analytics';
import { insertClicks } from './insert-clicks';
import { analyticsMigrationsDir, migrateAnalytics, parseMigration, readMigrations } from './migrate-analytics';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-analytics-migrations-'));
let analytics: Analytics;
const shipped = readMigrations(analyticsMigrationsDir);
const next = shipped[shipped.length - 1]!.version + 1;
const file = `${String(next).padStart(4, '0')}_probe.sql`;
const probe = (third: string) =>
  parseMigration(
    file,
    `CREATE TABLE IF NOT EXISTS upgrade_probe (x UInt8) ENGINE = MergeTree ORDER BY x;\n\nALTER TABLE clicks ADD COLUMN IF NOT EXISTS upgrade_probe UInt8 DEFAULT 0;\n\n${third};\n`,
  );
const clickCount = async () => Number((await analytics.query<{ n: number }>('SELECT count() AS n FROM clicks'))[0]!.n);
const versions = async () => (await analytics.query<{ v: number }>('SELECT DISTINCT version AS v FROM analytics_migrations ORDER BY v')).map((r) => Number(r.v));

beforeAll(async () => {
  analytics = await openChdbAnalytics(dir);
  await migrateAnalytics(analytics, shipped);
  await insertClicks(analytics, [
    { click_id: 'k1', clicked_at: '2026-03-01 10:00:00.000', campaign_id: 'c1', log_partition: 0, log_offset: 1 },
    { click_id: 'k2', clicked_at: '2026-03-02 11:00:00.000', campaign_id: 'c1', log_partition: 0, log_offset: 2 },
  ]);
});
afterAll(async () => {
  await analytics.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a failing analytics migration', () => {
  test('names its file and statement, keeps the data, and is not recorded as applied', async () => {
    await expect(migrateAnalytics(analytics, [...shipped, probe('ALTER TABLE no_such_table ADD COLUMN y UInt8')])).rejects.toThrow(
      new RegExp(`^Analytics migration ${next}_probe failed at statement 3 of 3: [\\s\\S]*no_such_table[\\s\\S]*start again to resume from this one\\.$`),
    );
    expect(await versions()).toEqual(shipped.map((m) => m.version));
    expect(await clickCount()).toBe(2);
  });

  test('the next start, once fixed, runs it again from its first statement and records it', async () => {
    expect(await migrateAnalytics(analytics, [...shipped, probe('ALTER TABLE upgrade_probe ADD COLUMN IF NOT EXISTS y UInt8')])).toEqual([next]);
    expect(await versions()).toEqual([...shipped.map((m) => m.version), next]);
    expect(await clickCount()).toBe(2);
    expect(await analytics.query('SELECT name FROM system.columns WHERE database = currentDatabase() AND table = {t:String} ORDER BY name', { t: 'upgrade_probe' })).toEqual([{ name: 'x' }, { name: 'y' }]);
  });
});
