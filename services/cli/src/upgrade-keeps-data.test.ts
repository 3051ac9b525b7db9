// Upgrades keep data: a DATA_DIR written by an earlier schema (entity migrations up to 0009, analytics up to
// 0004, before the audience, rule and ad-level spend columns and while the click rollups were still views),
// with entities, clicks, exits, conversions and spend written as that version wrote them, is started with
// `tracker all`. Its start-up migrations bring both stores up to date, and the entities, the Click Log and
// the reports answer the figures the old rows hold.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadConfig, migrateAnalytics, readRawRetention } from '@tracker/core';
import { analyticsMigrationsDir, entityMigrationsFolder, openChdbAnalytics, readMigrations, writeEarlierEntityStore } from '@tracker/core/testing';
import { runServices, type RunningServices } from './run-services';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-upgrade-'));
const ADMIN = { username: 'owner', password: 'upgrade-password' };
let running: RunningServices;
let cookie = '';

/** The parts of the API's answers read here (the cli declares no dependency on @tracker/schemas). */
type ReportRow = Record<string, unknown> & { key: string; clicks: number; exitClicks: number; conversions: number };
type ReportResponse = { rows: ReportRow[]; totals: ReportRow; series: Array<{ bucket: string; visits: number; revenue: string; spend: string }> };
type ClickLogResponse = { total: number; rows: Array<Record<string, unknown> & { clickId: string }>; summary: Record<string, number> };

/** The old version's data, in its own SQL: what it stored before this version's migrations existed. */
async function writeOldEntityStore(): Promise<void> {
  await writeEarlierEntityStore(path.join(dataDir, 'pg'), '0009_billing', `
    INSERT INTO landers (name, url) VALUES ('Quiz', 'https://lander.example/quiz');
    INSERT INTO offers (name, url) VALUES ('Sweepstakes', 'https://offer.example/s');
    INSERT INTO campaigns (id, name, lander_id, offer_id) VALUES ('c1', 'Spring', 1, 1), ('c2', 'Autumn', NULL, 1);
    INSERT INTO settings (key, value) VALUES ('report_timezone', 'UTC');
  `);
}

async function writeOldAnalyticsStore(): Promise<void> {
  const analytics = await openChdbAnalytics(path.join(dataDir, 'ch'));
  try {
    await migrateAnalytics(analytics, readMigrations(analyticsMigrationsDir).filter((m) => m.version <= 4));
    await analytics.exec(`INSERT INTO clicks (click_id, clicked_at, campaign_id, lander_id, offer_id, tiktok_campaign_id, placement, log_partition, log_offset) VALUES
      ('k1', '2026-03-01 09:00:00.000', 'c1', 1, 1, 'tt-1', 'TikTok', 0, 1),
      ('k2', '2026-03-01 10:15:00.000', 'c1', 1, 1, 'tt-1', 'TikTok', 0, 2),
      ('k3', '2026-03-01 23:59:59.999', 'c1', 1, 1, 'tt-1', 'Pangle', 0, 3),
      ('k4', '2026-03-02 00:00:00.000', 'c1', 1, 1, 'tt-1', 'TikTok', 0, 4),
      ('k5', '2026-03-02 12:00:00.000', 'c1', 1, 1, 'tt-1', 'Pangle', 0, 5),
      ('k6', '2026-03-02 12:30:00.000', 'c2', 0, 1, 'tt-2', 'TikTok', 0, 6),
      ('k7', '2026-03-02 13:00:00.000', 'c2', 0, 1, 'tt-2', 'TikTok', 0, 7),
      ('k8', '2026-03-02 18:45:00.000', 'c2', 0, 1, 'tt-2', 'Pangle', 0, 8)`);
    await analytics.exec(`INSERT INTO exits (event_id, click_id, exited_at, clicked_at, campaign_id, lander_id, offer_id, tiktok_campaign_id, placement, log_partition, log_offset) VALUES
      ('e1', 'k1', '2026-03-01 09:00:20.000', '2026-03-01 09:00:00.000', 'c1', 1, 1, 'tt-1', 'TikTok', 0, 9),
      ('e2', 'k2', '2026-03-01 10:16:00.000', '2026-03-01 10:15:00.000', 'c1', 1, 1, 'tt-1', 'TikTok', 0, 10),
      ('e3', 'k2', '2026-03-01 11:00:00.000', '2026-03-01 10:15:00.000', 'c1', 1, 1, 'tt-1', 'TikTok', 0, 11),
      ('e4', 'k7', '2026-03-02 13:00:30.000', '2026-03-02 13:00:00.000', 'c2', 0, 1, 'tt-2', 'TikTok', 0, 12)`);
    // k2's conversion was approved, then rejected: a -1 row of the old values and a +1 row of the new.
    await analytics.exec(`INSERT INTO conversions (event_id, sign, transaction_id, click_id, converted_at, clicked_at, attributed, campaign_id, lander_id, offer_id, tiktok_campaign_id, placement, status, payout, log_partition, log_offset) VALUES
      ('v1', 1, 't1', 'k1', '2026-03-01 12:00:00.000', '2026-03-01 09:00:00.000', 1, 'c1', 1, 1, 'tt-1', 'TikTok', 'approved', 12.50, 0, 13),
      ('v2', 1, 't2', 'k2', '2026-03-01 12:00:00.000', '2026-03-01 10:15:00.000', 1, 'c1', 1, 1, 'tt-1', 'TikTok', 'approved', 7.25, 0, 14),
      ('v3', -1, 't2', 'k2', '2026-03-03 08:00:00.000', '2026-03-01 10:15:00.000', 1, 'c1', 1, 1, 'tt-1', 'TikTok', 'approved', 7.25, 0, 15),
      ('v3', 1, 't2', 'k2', '2026-03-03 08:00:00.000', '2026-03-01 10:15:00.000', 1, 'c1', 1, 1, 'tt-1', 'TikTok', 'rejected', 7.25, 0, 15),
      ('v4', 1, 't4', 'k7', '2026-03-02 14:00:00.000', '2026-03-02 13:00:00.000', 1, 'c2', 0, 1, 'tt-2', 'TikTok', 'pending', 3.00, 0, 16)`);
    await analytics.exec(`INSERT INTO spend (date, tiktok_campaign_id, campaign_name, spend, impressions, clicks, conversions, synced_at) VALUES
      ('2026-03-01', 'tt-1', 'TT one', 10.00, 1000, 20, 1, '2026-03-02 00:10:00.000'),
      ('2026-03-02', 'tt-1', 'TT one', 5.50, 600, 9, 0, '2026-03-03 00:10:00.000'),
      ('2026-03-02', 'tt-2', 'TT two', 8.00, 700, 11, 0, '2026-03-03 00:10:00.000')`);
  } finally {
    await analytics.close();
  }
}

async function get<T>(url: string): Promise<T> {
  const res = await fetch(`${running.url}${url}`, { headers: { cookie } });
  const body = (await res.json()) as T;
  expect([url, res.status]).toEqual([url, 200]);
  return body;
}

beforeAll(async () => {
  await writeOldEntityStore();
  await writeOldAnalyticsStore();
  running = await runServices(
    'all',
    loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
  );
  const login = await fetch(`${running.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}, 180_000);

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('tracker all on a DATA_DIR of an earlier schema', () => {
  test('brings both stores to the current migrations and applies the retention', async () => {
    const { entities, analytics } = running.stores;
    const journal = JSON.parse(fs.readFileSync(path.join(entityMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = (await entities!.db.execute('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')) as unknown as { rows: { n: number }[] };
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const versions = await analytics!.query<{ v: number }>('SELECT DISTINCT version AS v FROM analytics_migrations ORDER BY v');
    expect(versions.map((r) => Number(r.v))).toEqual(readMigrations(analyticsMigrationsDir).map((m) => m.version));
    expect(await readRawRetention(analytics!)).toBe(400);
  });

  test('the entities are as the old version left them', async () => {
    const campaigns = await get<Array<{ id: string; name: string }>>('/api/campaigns');
    expect(campaigns.map((c) => [c.id, c.name]).sort()).toEqual([['c1', 'Spring'], ['c2', 'Autumn']]);
    expect((await get<Array<{ name: string }>>('/api/offers')).map((o) => o.name)).toEqual(['Sweepstakes']);
    expect((await get<Array<{ name: string }>>('/api/landers')).map((l) => l.name)).toEqual(['Quiz']);
  });

  test('the reports answer the figures the old rows hold', async () => {
    const byCampaign = await get<ReportResponse>('/api/reports?startDate=2026-03-01&endDate=2026-03-02&groupBy=campaign');
    const row = (key: string) => byCampaign.rows.find((r) => r.key === key);
    expect(row('c1')).toMatchObject({ label: 'Spring', clicks: 5, exitClicks: 2, conversions: 1, revenue: '12.50', rejectedConversions: 1, pendingConversions: 0, spend: '15.50' });
    expect(row('c2')).toMatchObject({ label: 'Autumn', clicks: 3, exitClicks: 1, conversions: 0, revenue: '0.00', pendingConversions: 1, pendingPayout: '3.00', spend: '8.00' });
    expect(byCampaign.totals).toMatchObject({ clicks: 8, exitClicks: 3, conversions: 1, revenue: '12.50', spend: '23.50' });
    expect(byCampaign.series.map((p) => [p.bucket, p.visits, p.revenue, p.spend])).toEqual([
      ['2026-03-01', 3, '12.50', '10.00'],
      ['2026-03-02', 5, '0.00', '13.50'],
    ]);
    // A tracking variable (the variable rollups the old views filled), and one day hour by hour.
    const byPlacement = await get<ReportResponse>('/api/reports?startDate=2026-03-01&endDate=2026-03-02&groupBy=placement');
    expect(Object.fromEntries(byPlacement.rows.map((r) => [r.key, [r.clicks, r.exitClicks, r.conversions]]))).toEqual({ TikTok: [5, 3, 1], Pangle: [3, 0, 0] });
    const hourly = await get<ReportResponse>('/api/reports?startDate=2026-03-02&endDate=2026-03-02&groupBy=campaign');
    expect(hourly.series.filter((p) => p.visits > 0).map((p) => [p.bucket, p.visits])).toEqual([
      ['2026-03-02 00:00', 1],
      ['2026-03-02 12:00', 2],
      ['2026-03-02 13:00', 1],
      ['2026-03-02 18:00', 1],
    ]);
  });

  test('the Click Log shows every old click, with its audience unknown and its rule the default path', async () => {
    const log = await get<ClickLogResponse>('/api/clicks?startDate=2026-03-01&endDate=2026-03-02');
    expect(log.total).toBe(8);
    expect(log.rows.map((r) => r.clickId)).toEqual(['k8', 'k7', 'k6', 'k5', 'k4', 'k3', 'k2', 'k1']);
    expect(log.rows.find((r) => r.clickId === 'k1')).toMatchObject({ campaignName: 'Spring', conversions: 1, revenue: '12.50', country: '', rule: '' });
    expect(log.summary).toMatchObject({ totalClicks: 8, exitClicks: 3, convertedClicks: 1 });
  });
});
