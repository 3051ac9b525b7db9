// The reporting client's failures against a local page: an answer that is not TikTok's JSON is
// described, never quoted, and without the allowance a loopback API URL is refused at once, not retried.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { LOCAL_FAKES_OUTGOING } from '@tracker/testing';
import { getAdvertiserInfo } from './reporting-api';

const SECRET = 'internal-secret-tt';
let page: http.Server;
let hits = 0;
let apiUrl = '';

beforeAll(async () => {
  page = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: SECRET }));
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => page.close(resolve)));

const failure = (outgoing = LOCAL_FAKES_OUTGOING) =>
  getAdvertiserInfo({ apiUrl, accessToken: 'tt-token', advertiserId: '1', attempts: 3, backoffMs: 1, outgoing }).then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => (error as Error).message,
  );

test("JSON without TikTok's code is described, its message not shown", async () => {
  const message = await failure();
  expect(message).toMatch(/^TikTok answered HTTP 200, application\/json, \d+ bytes, not its JSON error shape$/);
  expect(message).not.toContain(SECRET);
});

test('without the allowance a loopback API URL is refused once, never called', async () => {
  hits = 0;
  expect(await failure({ allowPrivate: false })).toMatch(/^Could not reach TikTok: Refused to call this URL: 127\.0\.0\.1 is a private/);
  expect(hits).toBe(0);
});

test('codes 40016, 40133, 50000 and 50002 (HTTP 200) are retried; at most 10 calls a second leave for one API host', async () => {
  const codes = [40016, 40133, 50000, 50002];
  const times: number[] = [];
  const tiktok = http.createServer((_req, res) => {
    times.push(Date.now());
    const code = codes.shift() ?? 0;
    const data = { list: [{ advertiser_id: '1', name: 'Ads', display_timezone: 'America/Los_Angeles', currency: 'USD' }] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code, message: code ? 'retry' : 'OK', data }));
  });
  await new Promise<void>((resolve) => tiktok.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(tiktok.address() as AddressInfo).port}`;
  try {
    const call = () => getAdvertiserInfo({ apiUrl: url, accessToken: 't', advertiserId: '1', attempts: 5, backoffMs: 1, outgoing: LOCAL_FAKES_OUTGOING });
    expect((await call()).timezone).toBe('America/Los_Angeles');
    expect(times.length).toBe(5);
    // 20 more at once: 25 calls at 10 a second leave over more than 2 s (the 21st a full 2 s after the 1st;
    // arrival times here jitter by a few ms around their departures).
    await Promise.all(Array.from({ length: 20 }, call));
    expect(times.length).toBe(25);
    expect(times[20]! - times[0]!).toBeGreaterThanOrEqual(1900);
  } finally {
    await new Promise((resolve) => tiktok.close(resolve));
  }
});
