// The raw-facts path of report-source.ts (two audience filters, or a tracking variable under another)
// counts visits from each click's own time instead of the rollups' quarter-hour maps. It must give the
// same report as the rollups whenever both can answer: here every US click is an iPhone and no other
// click is, so `country=US&os=iOS` (raw facts) and `country=US` (variable rollups) select the same
// clicks. Compared row for row (visits, bots, conversions, revenue, pending, exits, spend to the cent)
// and point for point of the series, over days split at a +5:30 midnight and over a one-day hourly
// report, with clicks on both sides of that midnight and spend shared with the clicks filtered out.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, recordSpend, schema } from '@tracker/core';
import type { ReportResponse } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;
/** Each generated click's Kolkata day, placement and campaign, and whether it exited (once or twice). */
const truth: Array<{ day: string; placement: string; campaign: string; exited: boolean }> = [];

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

async function report(query: string): Promise<ReportResponse> {
  const res = await h.call({ method: 'GET', url: `/api/reports?${query}`, cookie: admin });
  expect(res.json()).not.toHaveProperty('message');
  expect(res.statusCode).toBe(200);
  return res.json() as ReportResponse;
}

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  await h.entities.db.insert(schema.settings).values({ key: 'report_timezone', value: 'Asia/Kolkata' });
  await h.entities.db.insert(schema.campaigns).values(['c1', 'c2', 'c3'].map((id) => ({ id, name: id })));
  const clicks = [];
  const exits = [];
  const conversions = [];
  // 400 clicks from 31 May 12:00 to 3 June 12:00 UTC: local (+5:30) midnights fall at 18:30 UTC.
  const start = Date.parse('2026-05-31T12:00:00Z');
  for (let i = 0; i < 400; i++) {
    const at = chTime(start + Math.floor(random() * 3 * 86_400_000));
    const us = random() < 0.6;
    const d = {
      campaign_id: pick(['c1', 'c2', 'c3']),
      tiktok_campaign_id: pick(['tt-1', 'tt-2', '']),
      placement: pick(['p1', 'p2']),
      ...(us ? { country: 'US', device: 'Mobile', os: 'iOS', browser: 'TikTok' } : { country: 'DE', device: 'Desktop', os: 'Windows', browser: 'Chrome' }),
    };
    clicks.push(clickRow(`k${i}`, at, d, random() < 0.1 ? 'link-preview' : ''));
    const first = random() < 0.3;
    const again = random() < 0.1;
    // An exit of the click's own second, and a later one (a visitor who comes back to the lander).
    if (first) exits.push(exitRow(`e${i}`, `k${i}`, at, at, d));
    if (again) exits.push(exitRow(`e${i}b`, `k${i}`, at, chTime(Date.parse(`${at}Z`) + 3_600_000), d));
    const day = new Date(Date.parse(`${at}Z`) + 5.5 * 3_600_000).toISOString().slice(0, 10);
    truth.push({ day, placement: d.placement, campaign: d.campaign_id, exited: first || again });
    if (random() < 0.15) conversions.push(conversionRow(`v${i}`, 1, `k${i}`, at, pick(['approved', 'approved', 'pending', 'rejected']), `${1 + Math.floor(random() * 20)}.25`, d));
  }
  await insertClicks(h.analytics, clicks);
  await h.analytics.insert('exits', exits);
  await h.analytics.insert('conversions', conversions);
  const spend = [];
  for (const date of ['2026-05-31', '2026-06-01', '2026-06-02', '2026-06-03']) {
    for (const tt of ['tt-1', 'tt-2']) spend.push({ date, tiktokCampaignId: tt, spend: `${10 + Math.floor(random() * 90)}.${String(Math.floor(random() * 100)).padStart(2, '0')}` });
  }
  await recordSpend(h.entities.db, h.analytics, spend);
});
afterAll(() => h.close());

describe('the raw-facts path gives the rollups’ report', () => {
  for (const [name, range] of [
    ['over days split at a +5:30 midnight', 'startDate=2026-06-01&endDate=2026-06-02'],
    ['over one day, hour by hour', 'startDate=2026-06-02&endDate=2026-06-02'],
  ] as const) {
    test(name, async () => {
      const rollups = await report(`${range}&groupBy=campaign&country=US`);
      const raw = await report(`${range}&groupBy=campaign&country=US&os=iOS`);
      expect(rollups.rows.length).toBe(3);
      expect(rollups.totals.spend).not.toBe('0.00');
      expect(raw.rows).toEqual(rollups.rows);
      expect(raw.totals).toEqual(rollups.totals);
      expect(raw.series).toEqual(rollups.series);
      expect(raw.series.length).toBe(range.includes('2026-06-01') ? 2 : 24);
    });
  }

  test('exit clicks per variable value: whole UTC days from the rollup, the edges from the raw exits', async () => {
    // 1-2 June in Kolkata starts and ends at 18:30 UTC: partial UTC days at both edges, one whole day.
    for (const [range, days, filter] of [
      ['startDate=2026-06-01&endDate=2026-06-02', ['2026-06-01', '2026-06-02'], ''],
      ['startDate=2026-06-02&endDate=2026-06-02', ['2026-06-02'], ''],
      ['startDate=2026-05-31&endDate=2026-06-03', ['2026-05-31', '2026-06-01', '2026-06-02', '2026-06-03'], ''],
      ['startDate=2026-06-01&endDate=2026-06-02', ['2026-06-01', '2026-06-02'], 'c2'],
    ] as const) {
      const r = await report(`${range}&groupBy=placement${filter ? `&campaignId=${filter}` : ''}`);
      const expected = new Map<string, number>();
      for (const t of truth) {
        if (!t.exited || !(days as readonly string[]).includes(t.day) || (filter && t.campaign !== filter)) continue;
        expected.set(t.placement, (expected.get(t.placement) ?? 0) + 1);
      }
      expect([range, filter, Object.fromEntries(r.rows.map((x) => [x.key, x.exitClicks]))]).toEqual([range, filter, Object.fromEntries(expected)]);
      expect(r.totals.exitClicks).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    }
  });

  test('a tracking variable under another opens to the row it came from', async () => {
    const range = 'startDate=2026-06-01&endDate=2026-06-02';
    const top = await report(`${range}&groupBy=placement`);
    for (const row of top.rows) {
      const drill = await report(`${range}&groupBy=placement&then=os&parent=${row.key}`);
      expect(drill.totals).toMatchObject({ clicks: row.clicks, botClicks: row.botClicks, conversions: row.conversions, revenue: row.revenue, spend: row.spend, exitClicks: row.exitClicks });
      expect(drill.rows.map((r) => r.key).sort()).toEqual(['Windows', 'iOS']);
    }
  });
});
