// The largest-remainder split of spend, run by the embedded engine: exact to the cent, ties settled
// the same way every time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { migrateAnalytics, type Analytics } from '@tracker/core';
import { moneyFromCents } from '@tracker/schemas';
import { openChdbAnalytics } from '@tracker/core/testing';
import { queryVisitsAndSpend } from './spend-allocation';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-allocation-'));
let analytics: Analytics;
beforeAll(async () => {
  analytics = await openChdbAnalytics(dir);
  await migrateAnalytics(analytics);
});
afterAll(async () => {
  await analytics.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Unit = [tt: string, unit: string, visits: number, passes?: boolean];

/** Spend (in cents) per TikTok campaign on `day`, and the units of that day: their figures as split. */
async function split(day: string, spend: Record<string, number>, units: Unit[]) {
  await analytics.insert(
    'spend',
    Object.entries(spend).map(([tt, cents]) => ({
      date: day,
      tiktok_campaign_id: tt,
      campaign_name: tt,
      spend: moneyFromCents(cents),
      impressions: 0,
      clicks: 0,
      conversions: 0,
      synced_at: '2026-01-01 00:00:00.000',
    })),
  );
  const values = units.map(([tt, unit, visits, passes = true]) => `('${day}', '${tt}', '${unit}', ${passes ? 1 : 0}, ${visits})`).join(', ');
  return queryVisitsAndSpend(
    analytics,
    `SELECT toDate(tzday) AS tzday, tt, unit, passes, visits, toUInt64(0) AS bots
     FROM values('tzday String, tt String, unit String, passes UInt8, visits UInt64', ${values})`,
    { startDate: day, endDate: day, tz: 'UTC' },
  );
}

const spendOf = (result: Awaited<ReturnType<typeof split>>) => Object.fromEntries([...result.byUnit].map(([unit, v]) => [unit, v.spendCents]));

test('pro rata by visits, the cents left over to the largest remainders', async () => {
  // 100 cents over 1:1:1 = 33.33 each: the leftover cent goes to the smallest key of the tie.
  expect(spendOf(await split('2026-01-01', { t: 100 }, [['t', 'b', 1], ['t', 'a', 1], ['t', 'c', 1]]))).toEqual({ a: 34, b: 33, c: 33 });
  // 1000 cents over 3:2:2 = 428.57, 285.71, 285.71: remainders 4, 5, 5 (of 7) → the two 2s get a cent.
  expect(spendOf(await split('2026-01-02', { t: 1000 }, [['t', 'x', 3], ['t', 'y', 2], ['t', 'z', 2]]))).toEqual({ x: 428, y: 286, z: 286 });
});

test('each TikTok campaign is split over its own visits and always sums to its spend', async () => {
  const amounts = [1, 7, 99, 12345, 999_999];
  const units: Unit[] = amounts.flatMap((_, i) => [3, 7, 11, 1, 5].map((visits, k): Unit => [`t${i}`, `t${i}-${k}`, visits]));
  const result = await split('2026-01-03', Object.fromEntries(amounts.map((cents, i) => [`t${i}`, cents])), units);
  amounts.forEach((cents, i) => {
    const shares = [...result.byUnit].filter(([unit]) => unit.startsWith(`t${i}-`)).map(([, v]) => v.spendCents);
    expect(shares.reduce((x, y) => x + y, 0)).toBe(cents);
  });
  expect(result.byDay.get('2026-01-03')).toEqual({ clicks: 27 * amounts.length, botClicks: 0, spendCents: amounts.reduce((x, y) => x + y) });
});

test('ties by unit order as ClickHouse compares strings (bytes), then the unit that passes the filters', async () => {
  expect(spendOf(await split('2026-01-04', { t: 1 }, [['t', 'é', 1], ['t', 'z', 1]]))).toEqual({ é: 0, z: 1 });
  // The unit that fails the filters is not shown, but still takes its share.
  expect(spendOf(await split('2026-01-05', { t: 1 }, [['t', 'k', 1, false], ['t', 'k', 1]]))).toEqual({ k: 1 });
  expect(spendOf(await split('2026-01-06', { t: 1 }, [['t', 'a', 1, false], ['t', 'b', 1]]))).toEqual({ b: 0 });
});

test('a day of the series is split over its clicks passing the filters and the others', async () => {
  // Keys tie and 'a' (filtered out) takes the cent; the day's two halves tie and the passing one does.
  const result = await split('2026-01-07', { t: 1, u: 10 }, [['t', 'a', 1, false], ['t', 'b', 1], ['u', 'b', 1], ['u', 'c', 4, false]]);
  expect(result.byDay.get('2026-01-07')).toEqual({ clicks: 2, botClicks: 0, spendCents: 1 + 2 });
});

test('amounts beyond 2^53 when multiplied by visits stay exact', async () => {
  const cents = 999_999_999_999; // ~10 billion dollars
  const result = spendOf(await split('2026-01-08', { t: cents }, [['t', 'a', 3_000_001], ['t', 'b', 7_000_003]]));
  expect(result.a! + result.b!).toBe(cents);
  expect(result.a).toBe(Number((BigInt(cents) * 3_000_001n) / 10_000_004n) + 1);
});

test('spend of a TikTok campaign without visits that day is unattributed', async () => {
  const result = await split('2026-01-09', { t: 500, orphan: 250 }, [['t', 'a', 2], ['', 'organic', 3]]);
  expect(spendOf(result)).toEqual({ a: 500, organic: 0 });
  expect([...result.unattributedByDay]).toEqual([['2026-01-09', 250]]);
  expect(result.byDay.get('2026-01-09')).toEqual({ clicks: 5, botClicks: 0, spendCents: 500 });
});

test("hourly ad spend lies in the report day its hour starts in; a campaign's daily figure of that advertiser day is not counted again", async () => {
  // Los Angeles' 10 February: 23:00 there is 07:00 UTC on the 11th, 15:00 there 23:00 UTC on the 10th.
  const hour = (startsAt: string, ad: string, spend: string) => ({
    advertiser_id: '55', starts_at: startsAt, hours: 1, advertiser_day: '2026-02-10', tiktok_campaign_id: 'la', tiktok_adgroup_id: 'g',
    tiktok_ad_id: ad, campaign_name: '', adgroup_name: '', ad_name: '', spend, impressions: 0, clicks: 0, conversions: 0, synced_at: '2026-02-11 08:00:00.000',
  });
  await analytics.insert('ad_spend', [hour('2026-02-10 23:00:00', 'a1', '3.00'), hour('2026-02-11 07:00:00', 'a1', '1.50'), hour('2026-02-11 07:00:00', 'a2', '0.25')]);
  await analytics.insert('spend', [
    { date: '2026-02-10', tiktok_campaign_id: 'la', campaign_name: '', spend: '4.75', impressions: 0, clicks: 0, conversions: 0, synced_at: '2026-02-11 08:00:00.000' },
  ]);
  const units = (day: string) => `SELECT toDate('${day}') AS tzday, 'la' AS tt, 'u' AS unit, toUInt8(1) AS passes, toUInt64(2) AS visits, toUInt64(0) AS bots`;
  const inUtc = async (day: string) => spendOf(await queryVisitsAndSpend(analytics, units(day), { startDate: day, endDate: day, tz: 'UTC' }));
  expect(await inUtc('2026-02-10')).toEqual({ u: 300 });
  expect(await inUtc('2026-02-11')).toEqual({ u: 175 });
  // In the account's own zone the whole day is one report day.
  const inLa = spendOf(await queryVisitsAndSpend(analytics, units('2026-02-10'), { startDate: '2026-02-10', endDate: '2026-02-10', tz: 'America/Los_Angeles' }));
  expect(inLa).toEqual({ u: 475 });
});
