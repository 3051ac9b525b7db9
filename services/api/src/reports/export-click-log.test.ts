// GET /api/clicks/export.csv through HTTP on real embedded stores: who may call it, the spec's file
// name and columns with every cell quoted, visitor-written formulas neutralised, times in the report
// time zone, and 100,000 clicks streamed in batches (memory flat, clicks arriving meanwhile left out).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { insertClicks, schema } from '@tracker/core';
import { FEATURES } from '@tracker/schemas';
import { accessTable, expectAccess, signInCallers, type CallerCookies } from '../testing/access-matrix';
import { createApiHarness, type ApiHarness } from '../testing/api-harness';

let h: ApiHarness;
let admin: string;

const DIMENSIONS = {
  campaign_id: 'cmpA', lander_id: 0, offer_id: 0, spark_id: '', tiktok_campaign_id: '', tiktok_ad_group_id: '',
  tiktok_creative_id: '', placement: '', campaign_name: '', ad_group_name: '', creative_name: '',
};
type Dimensions = Partial<typeof DIMENSIONS> & { ip?: string; user_agent?: string };

const clickRow = (id: string, at: string, d: Dimensions = {}) => ({
  click_id: id, clicked_at: at, ...DIMENSIONS, ttclid: '', ip: '10.0.0.1', user_agent: 'UA', referrer: '', bot: '', ...d,
  log_partition: 0, log_offset: 0,
});

const get = (url: string, cookie = admin) => h.call({ method: 'GET', url, cookie });

/** The heap still in use: collected first, so garbage waiting for the next collection does not count. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

/** Every cell is quoted, so a line splits at '","' (no test value holds one). */
const cells = (line: string) => line.slice(1, -1).split('","').map((c) => c.replaceAll('""', '"'));

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn('admin');
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'Quiz', url: 'https://l.example' }).returning();
  await db.insert(schema.campaigns).values([{ id: 'cmpA', name: 'Spring "Sale"', landerId: lander!.id }]);
  await insertClicks(h.analytics, [
    clickRow('c1', '2026-04-01 10:00:00.000', {
      tiktok_campaign_id: '1790', tiktok_ad_group_id: '1791', tiktok_creative_id: '1792', placement: 'TikTok',
      campaign_name: 'TT Spring', ad_group_name: 'Adults', creative_name: 'Video 1', ip: '203.0.113.9', user_agent: 'Mozilla/5.0 (X11; Linux)',
    }),
    clickRow('c2', '2026-04-01 15:30:00.000', {
      campaign_id: 'gone',
      campaign_name: "=cmd|'/c calc'!A1",
      placement: '+1+1',
      ad_group_name: '-2+3',
      creative_name: '@SUM(A1:A9)',
      user_agent: '\tcurl',
      tiktok_campaign_id: '\r=1',
    }),
  ]);
  await h.analytics.insert('exits', [
    { event_id: 'e1', click_id: 'c1', exited_at: '2026-04-01 10:00:09.000', clicked_at: '2026-04-01 10:00:00.000', ...DIMENSIONS, ip: '', user_agent: '', log_partition: 0, log_offset: 0 },
  ]);
  await h.analytics.insert('conversions', [
    {
      event_id: 'v1', sign: 1, transaction_id: 'tx-1', click_id: 'c1', converted_at: '2026-04-01 11:00:00.000', clicked_at: '2026-04-01 10:00:00.000',
      attributed: 1, ...DIMENSIONS, status: 'approved', payout: '12.00', network_offer_id: '', network_offer_name: '', log_partition: 0, log_offset: 0,
    },
  ]);
});
afterAll(() => h.close());

describe('access', () => {
  let cookies: CallerCookies;
  beforeAll(async () => {
    cookies = await signInCallers(h, { with: ['clicks'], without: FEATURES.filter((f) => f !== 'clicks') });
  });
  test.each(
    accessTable([
      {
        route: 'GET /api/clicks/export.csv',
        request: () => ({ method: 'GET' as const, url: '/api/clicks/export.csv?startDate=2026-04-01&endDate=2026-04-01' }),
        statuses: [401, 403, 200, 200],
      },
    ]),
  )('%s as %s → %i', async (_r, caller, status, c) => {
    await expectAccess(h, cookies, caller, status, c);
  });

  test.each([
    ['endDate=2026-04-01', 'startDate is required, as yyyy-MM-dd'],
    ['startDate=2026-04-02&endDate=2026-04-01', 'endDate must not be before startDate'],
  ])('%s is a 400: %s', async (query, message) => {
    const res = await get(`/api/clicks/export.csv?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('the file', () => {
  test("click-log-{date}.csv: the spec's columns, every cell quoted, newest first", async () => {
    const res = await get('/api/clicks/export.csv?startDate=2026-04-01&endDate=2026-04-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="click-log-${today}.csv"`);
    const lines = res.body.split('\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"Click ID","Campaign","Clicked At","Exited","Exit Time","Converted","TikTok Campaign ID","TikTok Ad Group ID","TikTok Creative ID","Placement","Campaign Name","Ad Group Name","Creative Name","IP Address","User Agent","Payout"',
    );
    expect(lines).toHaveLength(3);
    expect(cells(lines[1]!)[0]).toBe('c2');
    expect(lines[2]).toBe(
      '"c1","Spring ""Sale""","2026-04-01 10:00:00","Yes","2026-04-01 10:00:09","Yes","1790","1791","1792","TikTok","TT Spring","Adults","Video 1","203.0.113.9","Mozilla/5.0 (X11; Linux)","12.00"',
    );
  });

  test('a click id search narrows the file to the clicks whose id holds it', async () => {
    await insertClicks(h.analytics, [
      clickRow('019d1a2b-0000-7000-8000-00000000a1a1', '2026-04-20 10:00:00.000'),
      clickRow('019d1a2b-0000-7000-8000-00000000b2b2', '2026-04-20 11:00:00.000'),
    ]);
    const res = await get('/api/clicks/export.csv?startDate=2026-04-20&endDate=2026-04-20&search=0000B2B2');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n').filter(Boolean).slice(1).map((l) => cells(l)[0])).toEqual(['019d1a2b-0000-7000-8000-00000000b2b2']);
    const bad = await get('/api/clicks/export.csv?startDate=2026-04-20&endDate=2026-04-20&search=b2b2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'search must be a click id or at least 8 of its characters (0-9, a-f)' });
  });

  test('visitor-written cells starting = + - @, tab or CR are neutralised with a leading quote', async () => {
    const res = await get('/api/clicks/export.csv?startDate=2026-04-01&endDate=2026-04-01');
    const hostile = res.body.split('\n')[1]!;
    expect(hostile).toBe(
      `"c2","gone","2026-04-01 15:30:00","No","","No","'\r=1","","","'+1+1","'=cmd|'/c calc'!A1","'-2+3","'@SUM(A1:A9)","10.0.0.1","'\tcurl","0.00"`,
    );
  });

  test('times are written in the report time zone', async () => {
    await h.entities.db.insert(schema.settings).values({ key: 'report_timezone', value: 'Asia/Tokyo' });
    try {
      // 15:30 UTC on 1 April is 00:30 on 2 April in Tokyo: that day's file holds it, the 1st's holds c1.
      const second = (await get('/api/clicks/export.csv?startDate=2026-04-02&endDate=2026-04-02')).body.split('\n').filter(Boolean);
      expect(second.slice(1).map((l) => cells(l).slice(0, 3))).toEqual([['c2', 'gone', '2026-04-02 00:30:00']]);
      const first = (await get('/api/clicks/export.csv?startDate=2026-04-01&endDate=2026-04-01')).body.split('\n').filter(Boolean);
      expect(first.slice(1).map((l) => cells(l)[2] + ' / ' + cells(l)[4])).toEqual(['2026-04-01 19:00:00 / 2026-04-01 19:00:09']);
    } finally {
      await h.entities.db.delete(schema.settings);
    }
  });

  test('a range without clicks is the header alone', async () => {
    const res = await get('/api/clicks/export.csv?startDate=2026-05-01&endDate=2026-05-07');
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('100,000 clicks', () => {
  const COUNT = 100_000;
  const pad = (n: number) => String(n).padStart(6, '0');
  // One click every 500 ms of 10 June (UTC), ids in time order.
  const at = (i: number) => new Date(Date.UTC(2026, 5, 10) + i * 500).toISOString().replace('T', ' ').replace('Z', '');

  beforeAll(async () => {
    for (let start = 0; start < COUNT; start += 20_000) {
      await h.analytics.insert(
        'clicks',
        Array.from({ length: 20_000 }, (_, k) => clickRow(`big-${pad(start + k)}`, at(start + k), { user_agent: `Mozilla/5.0 agent ${start + k}` })),
      );
    }
  }, 300_000);

  test('stream out in batches as the client reads: memory stays flat, clicks arriving meanwhile are left out', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    const heapBefore = liveHeap();
    let heapPeak = heapBefore;
    // Sampled every 2,500 lines read (40 times over the file), not on a timer: each sample collects the whole
    // heap, so a timer's samples cost more the slower the machine runs the file (a loaded CI worker spent
    // minutes collecting), while sampling by progress sees every part of the file whatever the machine's speed.
    const SAMPLE_EVERY = 2_500;
    let nextSample = SAMPLE_EVERY;

    const started = Date.now();
    let firstByteAt = 0;
    let bytes = 0;
    let chunks = 0;
    let lines = 0;
    let insertedMidway = false;
    // Ids grow with time, so newest first means each id is below the one before: no set of them kept.
    let previousId = '~';
    let outOfOrder = 0;
    let late = 0;
    let carry = '';
    await new Promise<void>((resolve, reject) => {
      http
        .get({ port, path: '/api/clicks/export.csv?startDate=2026-06-10&endDate=2026-06-10', headers: { cookie: admin } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (!firstByteAt) firstByteAt = Date.now();
            chunks += 1;
            bytes += Buffer.byteLength(chunk);
            const text = carry + chunk;
            const parts = text.split('\n');
            carry = parts.pop()!;
            for (const line of parts) {
              lines += 1;
              if (lines >= nextSample) {
                heapPeak = Math.max(heapPeak, liveHeap());
                nextSample += SAMPLE_EVERY;
              }
              if (lines === 1) continue;
              const id = line.slice(1, line.indexOf('"', 1));
              if (id.startsWith('late-')) late += 1;
              else if (id >= previousId) outOfOrder += 1;
              previousId = id;
            }
            if (!insertedMidway && lines > 20_000) {
              // Clicks arrive (newer, and inside the range) while the file is being written.
              insertedMidway = true;
              res.pause();
              insertClicks(h.analytics, [clickRow('late-1', at(COUNT + 10)), clickRow('late-2', '2026-06-10 23:59:59.000')])
                .then(() => res.resume(), reject);
            }
          });
          res.on('end', resolve);
          res.on('error', reject);
        })
        .on('error', reject);
    });
    const total = Date.now() - started;
    const growth = heapPeak - heapBefore;

    expect(insertedMidway).toBe(true);
    expect(lines).toBe(COUNT + 1);
    expect(late).toBe(0);
    // Every click once, newest first: 100,000 lines of strictly falling ids from big-099999 to big-000000.
    expect(outOfOrder).toBe(0);
    expect(previousId).toBe(`big-${pad(0)}`);
    // Streamed: the first rows arrive long before the last batch is read, in many chunks.
    expect(chunks).toBeGreaterThan(20);
    expect(firstByteAt - started).toBeLessThan(total / 4);
    // Flat: the heap never grows by anything near the file, let alone its 100,000 rows as objects.
    expect(growth).toBeLessThan(bytes / 2);
  }, 300_000);
});
