// GET /api/clicks (the Click Log) through HTTP on real embedded stores: keyset pages under a pinned
// snapshot, so clicks that arrive between page requests never shift, repeat or empty a page.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, schema } from '@tracker/core';
import { clickLogCursor, type ClickLogResponse, type ClickLogSummary } from '@tracker/schemas';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';
import { clickRow, conversionRow, exitRow } from '../testing/fact-rows';

let h: ApiHarness;
let admin: string;

const get = (url: string, cookie = admin) => h.call({ method: 'GET', url, cookie });
async function clicks(query: Record<string, string | number | undefined>): Promise<ClickLogResponse> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const res = await get(`/api/clicks?${params}`);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
  return res.json() as ClickLogResponse;
}
const ids = (page: ClickLogResponse) => page.rows.map((r) => r.clickId);
const first = (page: ClickLogResponse) => clickLogCursor(page.rows[0]!);
const last = (page: ClickLogResponse) => clickLogCursor(page.rows[page.rows.length - 1]!);

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  const db = h.entities.db;
  const [offer] = await db.insert(schema.offers).values({ name: 'Alpha', url: 'https://o.example/a' }).returning();
  const [lander] = await db.insert(schema.landers).values({ name: 'Quiz', url: 'https://l.example' }).returning();
  await db.insert(schema.campaigns).values([
    { id: 'cmpA', name: 'Campaign A', landerId: lander!.id, offerId: offer!.id },
    { id: 'cmpB', name: 'Campaign B', landerId: lander!.id },
  ]);
  const a = { spark_id: 'spk-1', tiktok_campaign_id: 'tt-1', placement: 'TikTok' };
  await insertClicks(h.analytics, [
    clickRow('c1', '2026-04-01 10:00:00.000', a),
    clickRow('c2', '2026-04-01 11:00:00.000', a, 'link-preview'),
    clickRow('c3', '2026-04-01 12:00:00.000', a),
    clickRow('c4', '2026-04-02 09:00:00.000', { campaign_id: 'cmpB', tiktok_campaign_id: 'tt-1' }),
    clickRow('c5', '2026-04-03 23:59:59.999', { campaign_id: 'gone' }),
  ]);
  await h.analytics.insert('exits', [
    exitRow('e1', 'c1', '2026-04-01 10:00:00.000', '2026-04-01 10:01:00.000', a),
    exitRow('e2', 'c1', '2026-04-01 10:00:00.000', '2026-04-01 10:02:00.000', a),
    exitRow('e3', 'c3', '2026-04-01 12:00:00.000', '2026-04-01 12:00:30.000', a),
  ]);
  await h.analytics.insert('conversions', [
    conversionRow('v1', 1, 'c1', '2026-04-01 10:00:00.000', 'approved', '12.50', a),
    conversionRow('v2', 1, 'c3', '2026-04-01 12:00:00.000', 'pending', '3.00', a),
    conversionRow('v3', -1, 'c3', '2026-04-01 12:00:00.000', 'pending', '3.00', a),
    conversionRow('v3', 1, 'c3', '2026-04-01 12:00:00.000', 'approved', '4.25', a),
    conversionRow('v4', 1, 'c2', '2026-04-01 11:00:00.000', 'pending', '6.00', a),
    conversionRow('v5', 1, 'c4', '2026-04-02 09:00:00.000', 'rejected', '2.00', { campaign_id: 'cmpB', tiktok_campaign_id: 'tt-1' }),
  ]);
});
afterAll(() => h.close());

describe('GET /api/clicks pages', () => {
  const range = { startDate: '2026-04-01', endDate: '2026-04-03' };

  test('newest first with each click’s first exit and approved conversions; cards cover the range', async () => {
    const page1 = await clicks({ ...range, limit: 2 });
    expect(page1).toMatchObject({ total: 5, newer: 0, asOf: '2026-04-03T23:59:59.999Z_c5', timezone: 'UTC' });
    expect(page1.summary).toEqual({ totalClicks: 5, exitClicks: 2, convertedClicks: 2, conversionRate: 0.4, landerCtr: 0.4 });
    expect(ids(page1)).toEqual(['c5', 'c4']);
    expect(page1.rows[0]).toMatchObject({ campaignName: 'gone', clickedAt: '2026-04-03T23:59:59.999Z', exitedAt: null, conversions: 0 });
    expect(page1.rows[1]).toMatchObject({ campaignId: 'cmpB', campaignName: 'Campaign B', tiktokCampaignId: 'tt-1' });
    const page2 = await clicks({ ...range, limit: 2, asOf: page1.asOf!, after: last(page1) });
    expect(page2.rows.map((r) => [r.clickId, r.exitedAt, r.conversions, r.revenue])).toEqual([
      ['c3', '2026-04-01T12:00:30.000Z', 1, '4.25'],
      ['c2', null, 0, '0.00'],
    ]);
    // Pending and rejected conversions are the row's too; c3's pending one became approved, so it is pending no more.
    expect(page2.rows.map((r) => [r.clickId, r.pendingConversions, r.pendingPayout, r.rejectedConversions])).toEqual([
      ['c3', 0, '0.00', 0],
      ['c2', 1, '6.00', 0],
    ]);
    expect(page1.rows[1]).toMatchObject({ conversions: 0, pendingConversions: 0, rejectedConversions: 1 });
    expect(page2.rows[1]).toMatchObject({ bot: 'link-preview', placement: 'TikTok', sparkId: 'spk-1', ipAddress: '10.0.0.1', userAgent: 'UA' });
    const page3 = await clicks({ ...range, limit: 2, asOf: page1.asOf!, last: 'true' });
    expect(page3.rows.map((r) => [r.clickId, r.exitedAt, r.conversions, r.revenue])).toEqual([['c1', '2026-04-01T10:01:00.000Z', 1, '12.50']]);
    // Previous from the last page is page 2 again; a jump of two pages skips one page's rows.
    expect(ids(await clicks({ ...range, limit: 2, asOf: page1.asOf!, before: first(page3) }))).toEqual(['c3', 'c2']);
    expect(ids(await clicks({ ...range, limit: 2, asOf: page1.asOf!, after: last(page1), skip: 2 }))).toEqual(['c1']);
    expect(ids(await clicks({ ...range, limit: 2, asOf: page1.asOf!, before: first(page3), skip: 2 }))).toEqual(['c5', 'c4']);
  });

  test('clicks arriving between page requests neither shift nor empty a page, and are counted as newer', async () => {
    const day = { startDate: '2026-07-01', endDate: '2026-07-01' };
    await insertClicks(h.analytics, Array.from({ length: 7 }, (_, i) => clickRow(`old-${i}`, `2026-07-01 10:00:0${i}.000`)));
    const page1 = await clicks({ ...day, limit: 3 });
    expect(ids(page1)).toEqual(['old-6', 'old-5', 'old-4']);
    expect(page1.total).toBe(7);

    // Five clicks arrive while the buyer reads page 1.
    await insertClicks(h.analytics, Array.from({ length: 5 }, (_, i) => clickRow(`new-${i}`, `2026-07-01 11:00:0${i}.000`)));
    const page2 = await clicks({ ...day, limit: 3, asOf: page1.asOf!, after: last(page1) });
    expect(ids(page2)).toEqual(['old-3', 'old-2', 'old-1']);
    expect(page2).toMatchObject({ total: 7, newer: 5, asOf: page1.asOf });
    const page3 = await clicks({ ...day, limit: 3, asOf: page1.asOf!, after: last(page2) });
    expect(ids(page3)).toEqual(['old-0']);
    const lastPage = await clicks({ ...day, limit: 3, asOf: page1.asOf!, last: 'true' });
    expect(ids(lastPage)).toEqual(['old-0']);
    expect(ids(await clicks({ ...day, limit: 3, asOf: page1.asOf!, before: first(lastPage) }))).toEqual(['old-3', 'old-2', 'old-1']);

    // Page 1 without a snapshot is the newest again, with a snapshot that counts the new clicks.
    const fresh = await clicks({ ...day, limit: 3 });
    expect(ids(fresh)).toEqual(['new-4', 'new-3', 'new-2']);
    expect(fresh).toMatchObject({ total: 12, newer: 0, asOf: '2026-07-01T11:00:04.000Z_new-4' });
  });

  test('pages split clicks of the same millisecond without losing or repeating one', async () => {
    const same = ['t-a', 't-b', 't-c', 't-d', 't-e'];
    await insertClicks(h.analytics, [
      ...same.map((id) => clickRow(id, '2026-06-01 12:00:00.000', { campaign_id: 'cmpB' })),
      clickRow('t-later', '2026-06-01 12:00:00.001', { campaign_id: 'cmpB' }),
      clickRow('t-earlier', '2026-06-01 11:59:59.999', { campaign_id: 'cmpB' }),
    ]);
    const day = { startDate: '2026-06-01', endDate: '2026-06-01', limit: 2 };
    const forward: string[] = [];
    let page = await clicks(day);
    const asOf = page.asOf!;
    for (;;) {
      expect(page.total).toBe(7);
      forward.push(...ids(page));
      if (page.rows.length < 2) break;
      page = await clicks({ ...day, asOf, after: last(page) });
    }
    expect(forward).toEqual(['t-later', 't-e', 't-d', 't-c', 't-b', 't-a', 't-earlier']);

    const backward: string[] = [];
    page = await clicks({ ...day, asOf, last: 'true' });
    for (;;) {
      backward.unshift(...ids(page));
      page = await clicks({ ...day, asOf, before: first(page) });
      if (page.rows.length === 0) break;
    }
    expect(backward).toEqual(forward);
    // A snapshot pinned between clicks of one millisecond counts only those up to it.
    const pinned = await clicks({ ...day, asOf: '2026-06-01T12:00:00.000Z_t-c' });
    expect(pinned).toMatchObject({ total: 4, newer: 3 });
    expect(ids(pinned)).toEqual(['t-c', 't-b']);
  });

  // A page's edge is looked for within a day of where the page starts first (click-keyset.ts): a page reaching past
  // that day, over a quiet day, in either direction, is still whole and in order.
  test('pages reaching more than a day past where they start are whole, newest first and oldest first', async () => {
    const range = { startDate: '2026-04-01', endDate: '2026-04-03' };
    const page1 = await clicks({ ...range, limit: 4 });
    expect({ asOf: page1.asOf, total: page1.total, ids: ids(page1) }).toEqual({ asOf: '2026-04-03T23:59:59.999Z_c5', total: 5, ids: ['c5', 'c4', 'c3', 'c2'] });
    const jump = await clicks({ ...range, limit: 2, asOf: page1.asOf!, after: first(page1), skip: 1 });
    expect(ids(jump)).toEqual(['c3', 'c2']);
    const older = await clicks({ ...range, limit: 3, asOf: page1.asOf!, before: '2026-04-01T11:00:00.000Z_c2' });
    expect(ids(older)).toEqual(['c5', 'c4', 'c3']);
    const lastPage = await clicks({ startDate: '2026-03-30', endDate: '2026-04-03', limit: 3, asOf: page1.asOf!, last: 'true' });
    expect(ids(lastPage)).toEqual(['c2', 'c1']);
  });

  test('the campaign filter and the date range narrow rows and cards', async () => {
    const a = await clicks({ startDate: '2026-04-01', endDate: '2026-04-01', campaignId: 'cmpA' });
    expect(a.total).toBe(3);
    expect(a.summary).toMatchObject({ totalClicks: 3, exitClicks: 2, convertedClicks: 2 });
    expect(await clicks({ startDate: '2026-05-01', endDate: '2026-05-07' })).toEqual({
      rows: [], total: 0, newer: 0, asOf: null, timezone: 'UTC', rawRetention: null,
      summary: { totalClicks: 0, exitClicks: 0, convertedClicks: 0, conversionRate: 0, landerCtr: 0 },
    });
  });

  test.each([
    ['search=abc', 'search must be a click id or at least 8 of its characters (0-9, a-f)'],
    ['search=zzzzzzzzzz', 'search must be a click id or at least 8 of its characters (0-9, a-f)'],
    ['search=019abc12-3456-7def-8123-4567890a1b2c0', 'search must be a click id or at least 8 of its characters (0-9, a-f)'],
    ['limit=5000', 'limit must be a number from 1 to 1000'],
    ['skip=-1', 'skip must be a number from 0 to 4000'],
    ['skip=4001', 'skip must be a number from 0 to 4000'],
    ['after=yesterday', 'after must be a click position (time_clickId)'],
    ['asOf=2026-02-30T00:00:00.000Z_c1', 'asOf must be a click position (time_clickId)'],
    ['before=2026-04-01T10:00:00.000Z_c1&last=true', 'Send at most one of after, before and last'],
    ['last=maybe', 'last must be true or false'],
    ['summary=no', 'summary must be true or false'],
  ])('%s is a 400: %s', async (query, message) => {
    const res = await get(`/api/clicks?startDate=2026-04-01&endDate=2026-04-01&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('GET /api/clicks/summary: the cards alone, which the Click Log asks for once a range and its pages without', () => {
  const summary = async (query: string) => {
    const res = await get(`/api/clicks/summary?${query}`);
    expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
    return res.json() as ClickLogSummary;
  };

  test("are a page's cards, for the range and campaign, a search left out", async () => {
    for (const query of ['startDate=2026-04-01&endDate=2026-04-03', 'startDate=2026-04-01&endDate=2026-04-01&campaignId=cmpA', 'startDate=2026-05-01&endDate=2026-05-07']) {
      const page = await clicks(Object.fromEntries(new URLSearchParams(query)));
      expect([query, await summary(query)]).toEqual([query, page.summary]);
    }
    expect(await summary('startDate=2026-04-01&endDate=2026-04-03')).toEqual({ totalClicks: 5, exitClicks: 2, convertedClicks: 2, conversionRate: 0.4, landerCtr: 0.4 });
  });

  test('a page asked with summary=false is the same page without its cards', async () => {
    const range = { startDate: '2026-04-01', endDate: '2026-04-03', limit: 2 };
    const withCards = await clicks(range);
    const without = await clicks({ ...range, summary: 'false' });
    expect(without).toEqual({ ...withCards, summary: null });
    const next = await clicks({ ...range, summary: 'false', asOf: withCards.asOf!, after: last(withCards) });
    expect([next.summary, ids(next)]).toEqual([null, ['c3', 'c2']]);
  });

  test.each([
    ['', 'startDate is required, as yyyy-MM-dd'],
    ['startDate=2026-04-03&endDate=2026-04-01', 'endDate must not be before startDate'],
  ])('%s is a 400: %s', async (query, message) => {
    const res = await get(`/api/clicks/summary?${query}`);
    expect([res.statusCode, res.json()]).toEqual([400, { message }]);
  });
});

describe('GET /api/clicks?search= (a click id, or 8+ of its hex digits)', () => {
  // UUIDv7 ids of one millisecond share their first 13 digits: only the tail tells them apart.
  const one = '019abc12-3456-7def-8123-4567890a1b2c';
  const two = '019abc12-3456-7def-9abc-def012345678';
  const three = '019abc12-3457-7000-a000-00000000ffff';
  const day = { startDate: '2026-08-01', endDate: '2026-08-01' };

  beforeAll(async () => {
    await insertClicks(h.analytics, [
      clickRow(one, '2026-08-01 10:00:00.000'),
      clickRow(two, '2026-08-01 10:00:00.001'),
      clickRow(three, '2026-08-01 10:00:00.002'),
    ]);
    await h.analytics.insert('conversions', [
      conversionRow('s1', 1, two, '2026-08-01 10:00:00.001', 'approved', '7.10'),
      conversionRow('s2', 1, two, '2026-08-01 10:00:00.001', 'approved', '2.40'),
      conversionRow('s3', 1, two, '2026-08-01 10:00:00.001', 'pending', '50.00'),
    ]);
  });

  test.each([
    ['the full id, in capitals', one.toUpperCase(), [one]],
    ['the 8 characters the table shows', '890a1b2c', [one]],
    ['the table’s text, ellipsis and all', '…890a1b2c', [one]],
    ['a fragment across a dash', '7def-9abc', [two]],
    ['the shared time prefix', '019abc12', [three, two, one]],
    ['digits no click holds', 'deadbeef', []],
  ])('%s finds %#', async (_what, search, expected) => {
    const page = await clicks({ ...day, search });
    expect(ids(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
    // The cards stay the range's: a search looks a click up, it does not re-count the day.
    expect(page.summary).toMatchObject({ totalClicks: 3, convertedClicks: 1 });
  });

  test('the found click carries its approved payout; searched pages page like any other', async () => {
    const found = await clicks({ ...day, search: 'def012345678' });
    expect(found.rows.map((r) => [r.clickId, r.conversions, r.revenue])).toEqual([[two, 2, '9.50']]);
    const page1 = await clicks({ ...day, search: '019abc12', limit: 2 });
    expect(ids(page1)).toEqual([three, two]);
    const page2 = await clicks({ ...day, search: '019abc12', limit: 2, asOf: page1.asOf!, after: last(page1) });
    expect(ids(page2)).toEqual([one]);
    expect(ids(await clicks({ ...day, search: '019abc12', limit: 2, asOf: page1.asOf!, last: 'true' }))).toEqual([one]);
  });

  test('a blank search is no search', async () => {
    expect((await clicks({ ...day, search: '  ' })).total).toBe(3);
  });
});
