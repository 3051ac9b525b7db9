// /r and /click answer a valid Location whatever the entity store holds (old
// rows, non-ASCII, control characters), never record a click and then fail, and a HEAD records nothing.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { schema } from '@tracker/core';
import { startIngestHarness, type IngestHarness } from './testing/ingest-harness';

let h: IngestHarness;
let seq = 0;

/** A campaign on a lander and offer inserted as stored, bypassing the API's validation. */
async function campaignOn(landerUrl: string, offer?: { url: string; utmTemplate: string }) {
  const db = h.entities.db;
  const [lander] = await db.insert(schema.landers).values({ name: `L${++seq}`, url: landerUrl }).returning();
  const [offerRow] = offer ? await db.insert(schema.offers).values({ name: `O${seq}`, ...offer }).returning() : [];
  const id = `cmp${seq}`;
  await db.insert(schema.campaigns).values({ id, name: id, landerId: lander!.id, offerId: offerRow?.id ?? null });
  await h.ingest.catalog.reload();
  return id;
}

/** A Location a browser and every HTTP stack accept: printable ASCII only, an absolute http(s) URL. */
function expectValidLocation(res: LightMyRequestResponse): URL {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^[\x21-\x7e]+$/);
  const url = new URL(location);
  expect(['http:', 'https:']).toContain(url.protocol);
  return url;
}

beforeAll(async () => {
  h = await startIngestHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the lander Location, whatever the stored lander URL', () => {
  test.each([
    ['non-ASCII path', 'https://a.example/pür中', 'https://a.example/p%C3%BCr%E4%B8%AD?clickId='],
    ['0x80-0xFF characters', 'https://a.example/café?q=é', 'https://a.example/caf%C3%A9?q=%C3%A9&clickId='],
    ['a non-ASCII host (IDNA)', 'https://pür.example/x', 'https://xn--pr-xka.example/x?clickId='],
    ['control characters', 'https://a.example/a\u0001b?x=\u007f', 'https://a.example/a%01b?x=%7F&clickId='],
    ['spaces and a fragment', ' https://a.example/a b?x=1 2#f g ', 'https://a.example/a%20b?x=1%202&clickId='],
  ])('%s', async (_name, stored, expected) => {
    const id = await campaignOn(stored);
    const before = await h.recorded();
    const res = await h.call({ method: 'GET', url: `/r/${id}` });
    const url = expectValidLocation(res);
    expect(String(res.headers.location).startsWith(expected)).toBe(true);
    expect(url.searchParams.get('clickId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await h.recorded()).toBe(before + 1);
  });

  test('a clean lander URL keeps its query string and fragment byte for byte', async () => {
    const id = await campaignOn('https://l.example/quiz?utm=a%20b&q=a+b#top');
    const res = await h.call({ method: 'GET', url: `/r/${id}` });
    expect(String(res.headers.location)).toMatch(/^https:\/\/l\.example\/quiz\?utm=a%20b&q=a\+b&clickId=[0-9a-f-]{36}#top$/);
  });

  test.each([['javascript:alert(1)'], ['not a url'], ['/relative/path'], ['ftp://files.example/x'], ['https://a\u0001b.example/']])(
    'an unusable lander URL %j is a clear page and records no click',
    async (stored) => {
      const id = await campaignOn(stored);
      const before = await h.recorded();
      const res = await h.call({ method: 'GET', url: `/r/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(await h.recorded()).toBe(before);
    },
  );
});

describe('the offer Location, whatever the stored offer and template and the visitor sent', () => {
  test('non-ASCII and control characters in the offer URL, the template and the click values', async () => {
    const id = await campaignOn('https://l.example/', {
      url: 'https://offér.example/go中?aff=ü',
      utmTemplate: 'sub1={clickId}&note=prix ü\u0001&sub2={campaignName}&sub3={placement}',
    });
    const click = await h.call({ method: 'GET', url: `/r/${id}`, query: { cname: '中 \u00ff name', plc: 'a\u0000b' } });
    const clickId = expectValidLocation(click).searchParams.get('clickId')!;
    const before = await h.recorded();
    const exit = await h.call({ method: 'GET', url: '/click', query: { clickId } });
    const url = expectValidLocation(exit);
    expect(url.host).toBe('xn--offr-dpa.example');
    expect(url.pathname).toBe('/go%E4%B8%AD');
    expect(url.searchParams.get('aff')).toBe('ü');
    expect(url.searchParams.get('sub1')).toBe(clickId);
    expect(url.searchParams.get('note')).toBe('prix ü\u0001');
    expect(url.searchParams.get('sub2')).toBe('中 \u00ff name');
    expect(url.searchParams.get('sub3')).toBe('ab');
    expect(await h.recorded()).toBe(before + 1);
  });

  test('an unusable offer URL is a clear page and records no exit', async () => {
    const id = await campaignOn('https://l.example/', { url: 'javascript:alert(1)', utmTemplate: 'sub1={clickId}' });
    const clickId = new URL(String((await h.call({ method: 'GET', url: `/r/${id}` })).headers.location)).searchParams.get('clickId')!;
    const before = await h.recorded();
    const exit = await h.call({ method: 'GET', url: '/click', query: { clickId } });
    expect(exit.statusCode).toBe(404);
    expect(exit.headers.location).toBeUndefined();
    expect(await h.recorded()).toBe(before);
  });
});

describe('HEAD (link checkers, prefetchers) answers like GET and records nothing', () => {
  test('HEAD /r/:id is a 302 to the lander and publishes no click', async () => {
    const id = await campaignOn('https://l.example/p?a=1');
    const before = await h.recorded();
    const res = await h.call({ method: 'HEAD', url: `/r/${id}` });
    const url = expectValidLocation(res);
    expect(url.origin + url.pathname).toBe('https://l.example/p');
    expect(url.searchParams.get('a')).toBe('1');
    expect(res.body).toBe('');
    expect(await h.recorded()).toBe(before);
    expect((await h.call({ method: 'HEAD', url: '/r/noSuchCampaign' })).statusCode).toBe(404);
  });

  test('HEAD /click is a 302 to the offer and publishes no exit', async () => {
    const id = await campaignOn('https://l.example/', { url: 'https://o.example/go', utmTemplate: 'sub1={clickId}' });
    const clickId = new URL(String((await h.call({ method: 'GET', url: `/r/${id}` })).headers.location)).searchParams.get('clickId')!;
    const before = await h.recorded();
    const res = await h.call({ method: 'HEAD', url: '/click', query: { clickId } });
    expect(String(res.headers.location)).toBe(`https://o.example/go?sub1=${clickId}`);
    expect(await h.recorded()).toBe(before);
  });
});
