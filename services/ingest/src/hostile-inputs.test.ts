// The tracking endpoints probed as an attacker would: every parameter of /r, /click, /postback and
// /exit-tracker.js given hostile values. Never a 500, never a malformed Location, and a refused
// postback records nothing.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { schema } from '@tracker/core';
import type { ConversionEvent } from '@tracker/schemas';
import { encodeComponent } from './location-url';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

const HOSTILE: Array<[string, string | string[]]> = [
  ['NUL', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['control characters', '\u0001\u0007\b\t\n\r\u001b\u007f\u0085'],
  ['CRLF header injection', 'x\r\nSet-Cookie: evil=1'],
  ['non-ASCII', 'pür中😀'],
  ['0x80-0xFF', '\u0080\u00a0\u00ff'],
  ['a lone surrogate', 'a\ud800b'],
  ['64 KB', 'x'.repeat(64 * 1024)],
  ['64 KB of multi-byte characters', '中'.repeat(22 * 1024)],
  ['repeated parameter', ['1', '2']],
  ['repeated, many', Array.from({ length: 200 }, (_, i) => String(i))],
  ['malformed percent-encoding', '%E0%A4%A'],
  ['a lone percent', '%'],
  ['percent-encoded NUL', '%00'],
  ['a huge number', '9'.repeat(400)],
  ['an exponent', '1e400'],
  ['negative', '-1'],
  ['negative zero', '-0'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['hex', '0x10'],
  ['a macro', '{click_id}'],
  ['script', '<script>alert(1)</script>'],
  ['a URL', 'javascript:alert(1)//'],
  ['empty', ''],
  ['spaces', '   '],
];

let h: IngestHarness;
let key = '';
let clickId = '';

function expectSafe(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeLessThan(500);
  if (res.statusCode >= 300 && res.statusCode < 400) {
    const location = String(res.headers.location);
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(['http:', 'https:']).toContain(new URL(location).protocol);
  }
  for (const [name, value] of Object.entries(res.headers)) {
    expect({ name, value: String(value) }).toEqual({ name, value: expect.stringMatching(/^[\x20-\x7e\t]*$/) });
  }
}

async function call(options: InjectOptions) {
  const res = await h.call(options);
  expectSafe(res);
  return res;
}

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: 'L', url: 'https://l.example/p?a=1' }).returning();
  const [offer] = await db
    .insert(schema.offers)
    .values({
      name: 'O',
      url: 'https://o.example/go',
      utmTemplate: 'sub1={clickId}&sub2={campaign}&sub3={adGroup}&sub4={creative}&sub5={placement}&n1={campaignName}&n2={adGroupName}&n3={creativeName}',
    })
    .returning();
  await db.insert(schema.campaigns).values({ id: 'cmpHostile', name: 'c', landerId: lander!.id, offerId: offer!.id });
  await db.insert(schema.settings).values({ key: 'global_exit_domain', value: 'exit.example' });
  await h.ingest.catalog.reload();
  key = h.ingest.catalog.current.postbackKey;
  const res = await h.call({ method: 'GET', url: '/r/cmpHostile' });
  clickId = new URL(String(res.headers.location)).searchParams.get('clickId')!;
});
afterAll(async () => {
  await h?.close();
});

const R_PARAMETERS = ['cid', 'ad', 'cr', 'plc', 'cname', 'aname', 'crname', 'spark', 'ttclid', 'other'];

describe('GET /r/:campaignId', () => {
  test.each(HOSTILE)('%s in every parameter: a click recorded and a valid 302', async (_name, value) => {
    for (const parameter of R_PARAMETERS) {
      const before = await h.recorded();
      const res = await call({ method: 'GET', url: '/r/cmpHostile', query: { [parameter]: value } });
      expect(res.statusCode).toBe(302);
      expect(await h.recorded()).toBe(before + 1);
    }
  });

  test.each(HOSTILE)('%s in the campaign id and the headers: no 500', async (_name, value) => {
    const one = Array.isArray(value) ? value.join(',') : value;
    await call({ method: 'GET', url: `/r/${encodeComponent(one)}` });
    const latin1 = Buffer.from(one, 'utf8').toString('latin1').replace(/[\r\n]/g, '').replaceAll('\u0000', '');
    await call({ method: 'GET', url: '/r/cmpHostile', headers: { 'user-agent': latin1, referer: latin1, 'x-forwarded-for': latin1 } });
  });

  test.each([
    ['raw non-ASCII in the query', '/r/cmpHostile?cname=pür中&x=\u00ff'],
    ['raw malformed escapes', '/r/cmpHostile?cid=%zz&ad=%E0%A4%A&%=%'],
    ['a malformed escape in the path', '/r/%E0%A4%A'],
    ['an over-long path', `/r/${'a'.repeat(5000)}`],
    ['nested brackets', '/r/cmpHostile?cid[a][b]=1&cid[]=2&__proto__[x]=1&constructor=1'],
  ])('%s', async (_name, url) => {
    await call({ method: 'GET', url });
  });
});

describe('GET /click', () => {
  test.each(HOSTILE)('%s as the click id, or beside a real one: no 500', async (_name, value) => {
    await call({ method: 'GET', url: '/click', query: { clickId: value } });
    const res = await call({ method: 'GET', url: '/click', query: { clickId, other: value } });
    expect(res.statusCode).toBe(302);
  });

  test('a click id repeated with another value', async () => {
    await call({ method: 'GET', url: '/click', query: { clickId: [clickId, 'x'] } });
    await call({ method: 'GET', url: '/click', query: { clickId: ['x', clickId] } });
  });
});

const POSTBACK_PARAMETERS = ['key', 'transaction_id', 'click_id', 'payout', 'status', 'offer_id', 'offer_name'];

describe('GET /postback', () => {
  let n = 0;
  test.each(HOSTILE)('%s in every parameter: a 2xx that records it as sent, or a 4xx that records nothing', async (_name, value) => {
    const accepted = new Map<string, Record<string, string>>();
    for (const parameter of POSTBACK_PARAMETERS) {
      const before = await h.recorded();
      const query = { key, transaction_id: `tx-hostile-${++n}`, click_id: clickId, payout: '1.00', [parameter]: value };
      const res = await call({ method: 'GET', url: '/postback', query });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      if (res.statusCode === 200) {
        expect(await h.recorded()).toBe(before + 1);
        accepted.set((res.json() as { eventId: string }).eventId, query as Record<string, string>);
      } else {
        expect([400, 403]).toContain(res.statusCode);
        expect(Object.keys(res.json() as object)).toEqual(['message']);
        expect(await h.recorded()).toBe(before);
      }
    }
    if (accepted.size === 0) return;
    // What identifies a conversion is recorded exactly as sent (or empty when it was not given). A URL
    // cannot carry a lone surrogate: the request already has U+FFFD in its place.
    const events = new Map((await h.published()).map((e) => [e.id, e]));
    for (const [eventId, query] of accepted) {
      const sent = (parameter: string) => query[parameter]!.replace(/\p{Surrogate}/gu, '\ufffd');
      const data = events.get(eventId)!.data as ConversionEvent['data'];
      expect(data.transactionId).toBe(sent('transaction_id'));
      expect(data.clickId).toBe(sent('click_id'));
      for (const [field, parameter] of [['offerId', 'offer_id'], ['offerName', 'offer_name']] as const) {
        if (query[parameter] === undefined || query[parameter].trim() === '' || query[parameter] === '{click_id}') expect(data[field]).toBe('');
        else expect(data[field]).toBe(sent(parameter));
      }
    }
  });

  test.each(['-1', '-0.01', 'NaN', 'Infinity', '-Infinity', '1e3', '1e400', '9'.repeat(400), '0x10', '12.5.5', '1,5', '١٢', '+5', ''])(
    'payout %j is refused and records nothing',
    async (payout) => {
      const before = await h.recorded();
      const res = await call({ method: 'GET', url: '/postback', query: { key, transaction_id: 'tx-pay', click_id: clickId, payout } });
      expect(res.statusCode).toBe(400);
      expect(await h.recorded()).toBe(before);
    },
  );
});

describe('GET /exit-tracker.js', () => {
  test.each(HOSTILE)('%s in the query: the same script', async (_name, value) => {
    const plain = await call({ method: 'GET', url: '/exit-tracker.js' });
    const res = await call({ method: 'GET', url: '/exit-tracker.js', query: { exitUrl: value, clickId: value } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(plain.body);
  });
});
