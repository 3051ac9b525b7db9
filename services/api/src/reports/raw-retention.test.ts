// Retention (RAW_RETENTION_DAYS): once the TTL has run, raw clicks, click_index rows and exits older than the
// retention are gone and newer ones stay, conversions stay, and every report at day granularity over the old
// days answers what it answered before: the daily rollups keep the figures. The Click Log and the status page
// say from which day raw clicks are kept.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { applyRawRetention, insertClicks, rawKeptFrom, readRawRetention, recordSpend, schema } from '@tracker/core';
import type { ClickLogResponse, ReportResponse, Status } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

const DAY = 86_400_000;
const RETENTION = 60;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
/** Two old days well past the retention, and two recent ones well inside it. */
const OLD = [today - 200 * DAY, today - 199 * DAY];
const NEW = [today - 3 * DAY, today - 2 * DAY];

let h: ApiHarness;
let admin: string;

async function get<T>(url: string): Promise<T> {
  const res = await h.call({ method: 'GET', url, cookie: admin });
  expect(res.json()).not.toHaveProperty('message');
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}

const oldRange = `startDate=${isoDay(OLD[0]!)}&endDate=${isoDay(OLD[1]!)}`;
const newRange = `startDate=${isoDay(NEW[0]!)}&endDate=${isoDay(NEW[1]!)}`;
/**
 * The reports the daily rollups answer: by grouping and by a tracking variable (placement), with a campaign
 * filter. A report filtered by an audience variable or drilled down counts exit clicks from the raw exits
 * (report-plan.ts), so past the retention it shows none: docs/retention-and-upgrades.md says so.
 */
const REPORTS = [
  (range: string) => `/api/reports?${range}&groupBy=campaign`,
  (range: string) => `/api/reports?${range}&groupBy=offer`,
  (range: string) => `/api/reports?${range}&groupBy=placement`,
  (range: string) => `/api/reports?${range}&groupBy=offer&campaignId=c1`,
];

async function countRows(table: string, column: string, before: number): Promise<{ older: number; newer: number }> {
  const [row] = await h.analytics.query<{ older: number; newer: number }>(
    `SELECT countIf(${column} < fromUnixTimestamp64Milli({cut:Int64})) AS older, countIf(${column} >= fromUnixTimestamp64Milli({cut:Int64})) AS newer FROM ${table}`,
    { cut: before },
  );
  return row!;
}

let before: unknown[];

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.settings).values({ key: 'report_timezone', value: 'UTC' });
  await h.entities.db.insert(schema.campaigns).values(['c1', 'c2'].map((id) => ({ id, name: id })));
  const clicks = [];
  const exits = [];
  const conversions = [];
  let n = 0;
  for (const day of [...OLD, ...NEW]) {
    for (let i = 0; i < 30; i++, n++) {
      const at = chTime(day + ((i * 2_713_000) % DAY));
      const d = { campaign_id: i % 3 === 0 ? 'c2' : 'c1', offer_id: 1 + (i % 2), tiktok_campaign_id: i % 2 ? 'tt-1' : 'tt-2', placement: i % 4 ? 'TikTok' : 'Pangle', country: i % 5 ? 'US' : 'DE' };
      clicks.push(clickRow(`k${n}`, at, d, i % 7 === 0 ? 'link-preview' : ''));
      if (i % 3 !== 2) exits.push(exitRow(`e${n}`, `k${n}`, at, chTime(Date.parse(`${at}Z`) + 60_000), d));
      if (i % 4 === 0) conversions.push(conversionRow(`v${n}`, 1, `k${n}`, at, ['approved', 'pending', 'rejected'][i % 3]!, `${5 + i}.50`, d));
    }
  }
  await insertClicks(h.analytics, clicks);
  await h.analytics.insert('exits', exits);
  await h.analytics.insert('conversions', conversions);
  await recordSpend(h.entities.db, h.analytics, [...OLD, ...NEW].flatMap((day) => [
    { date: isoDay(day), tiktokCampaignId: 'tt-1', spend: '40.10' },
    { date: isoDay(day), tiktokCampaignId: 'tt-2', spend: '12.34' },
  ]));
  before = await Promise.all(REPORTS.flatMap((url) => [get(url(oldRange)), get(url(newRange))]));
});
afterAll(() => h.close());

describe('raw retention', () => {
  test('a fresh store keeps raw data forever until a retention is applied; applying it twice changes nothing', async () => {
    expect(await readRawRetention(h.analytics)).toBeNull();
    expect((await get<Status>('/api/status')).rawRetention).toBeNull();
    expect((await applyRawRetention(h.analytics, RETENTION)).sort()).toEqual(['click_index', 'clicks', 'exits']);
    expect(await applyRawRetention(h.analytics, RETENTION)).toEqual([]);
    expect(await readRawRetention(h.analytics)).toBe(RETENTION);
  });

  test('after the TTL runs, old raw clicks, click_index rows and exits are gone, new ones and every conversion stay', async () => {
    for (const table of ['clicks', 'click_index', 'exits', 'conversions']) await h.analytics.exec(`OPTIMIZE TABLE ${table} FINAL`);
    const cut = today - RETENTION * DAY;
    expect(await countRows('clicks', 'clicked_at', cut)).toEqual({ older: 0, newer: 60 });
    expect(await countRows('click_index', 'clicked_at', cut)).toEqual({ older: 0, newer: 60 });
    expect(await countRows('exits', 'clicked_at', cut)).toEqual({ older: 0, newer: 40 });
    expect(await countRows('conversions', 'clicked_at', cut)).toEqual({ older: 16, newer: 16 });
  });

  test('reports at day granularity over the old days and the new ones answer as before', async () => {
    const after = await Promise.all(REPORTS.flatMap((url) => [get(url(oldRange)), get(url(newRange))]));
    for (const [i, a] of after.entries()) expect([i, a]).toEqual([i, before[i]]);
    const old = after[0] as ReportResponse;
    // Not an empty answer twice: the old days have their visits, exits, conversions and spend.
    expect(old.totals).toMatchObject({ clicks: 60, exitClicks: 40, spend: '104.88' });
    expect(old.totals.conversions).toBeGreaterThan(0);
    expect(old.series.map((p) => p.visits)).toEqual([30, 30]);
  });

  test('the Click Log and the status page say from which day raw clicks are kept', async () => {
    const keptFrom = rawKeptFrom(RETENTION)!;
    expect(keptFrom).toBe(isoDay(today - (RETENTION - 1) * DAY));
    const log = await get<ClickLogResponse>(`/api/clicks?${oldRange}`);
    expect(log.rows).toEqual([]);
    expect(log.rawRetention).toEqual({ days: RETENTION, keptFrom });
    expect((await get<ClickLogResponse>(`/api/clicks?${newRange}`)).rows).toHaveLength(60);
    expect((await get<Status>('/api/status')).rawRetention).toEqual({ days: RETENTION, keptFrom });
  });

  test('0 keeps raw data forever again: the TTL is removed', async () => {
    expect((await applyRawRetention(h.analytics, 0)).sort()).toEqual(['click_index', 'clicks', 'exits']);
    expect(await readRawRetention(h.analytics)).toBeNull();
    expect((await get<ClickLogResponse>(`/api/clicks?${newRange}`)).rawRetention).toBeNull();
  });
});
